/*
 * Creating, editing and deleting a société, each in one transaction with its audit row.
 * The type is written only where the policy allows (field-level rights, ASVS 8.2.3).
 */
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import { lockRecordVersion } from '#services/documents/optimistic_lock'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ConflictException } from '#exceptions/http_exceptions'
import Societe from '#models/societe'
import type User from '#models/user'
import { audit } from '#services/audit'
import { hasStaffPowers } from '#policies/base_policy'
import { changes, fieldError } from '#services/field_error'
import { deleteLogo } from '#services/logo_storage'
import type { SocieteInput } from '#validators/societe'
import type { SocieteType } from '#shared/societes'

export const TYPE_NOT_ALLOWED = 'Vous ne pouvez pas créer une société de ce type.'
export const TYPE_REQUIRED = 'Choisissez le type de société.'
export const TYPE_LOCKED_BY_CONTACTS =
  'Cette société a des contacts : elle doit rester un partenaire professionnel.'
/** The partner discount (issue 5) is set by staff only: a partner's own value is ignored. */
function remisePartenaire(actor: Actor | null, input: SocieteInput): string | undefined {
  const user = actor?.user
  if (!user || !hasStaffPowers(user)) return undefined
  const value = input.remise_partenaire_pct
  return value === undefined || value === null || value === '' ? undefined : value
}

/**
 * The rule for payments during a withdrawal period (decision 190): the esi société's, set by
 * staff only; anything else sent is ignored.
 */
function acompteRegle(actor: Actor | null, societe: Societe, input: SocieteInput) {
  const user = actor?.user
  if (!user || !hasStaffPowers(user) || societe.type !== 'esi') return undefined
  return input.acompte_pendant_retractation
}

/** The measurement tolerance (issue 12, decision 330): the esi société's, set by staff only. */
function toleranceMesure(actor: Actor | null, societe: Societe, input: SocieteInput) {
  const user = actor?.user
  if (!user || !hasStaffPowers(user) || societe.type !== 'esi') return undefined
  return input.tolerance_mesure_mm
}

/** The columns a form may write (never the id, the logo or the timestamps). */
function attributes(input: SocieteInput) {
  const values = {
    nom: input.nom,
    formeJuridique: input.forme_juridique,
    numeroTva: input.numero_tva,
    rpm: input.rpm,
    adresse: input.adresse,
    codePostal: input.code_postal,
    localite: input.localite,
    pays: input.pays,
    email: input.email?.toLowerCase(),
    telephone: input.telephone,
    iban: input.iban,
    bic: input.bic,
  }
  // A field left out of the request keeps its value
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined))
}

/** What an audit row keeps of a société. */
export function auditSummary(societe: Societe): Record<string, unknown> {
  return {
    nom: societe.nom,
    type: societe.type,
    forme_juridique: societe.formeJuridique,
    numero_tva: societe.numeroTva,
    rpm: societe.rpm,
    adresse: societe.adresse,
    code_postal: societe.codePostal,
    localite: societe.localite,
    pays: societe.pays,
    email: societe.email,
    telephone: societe.telephone,
    iban: societe.iban,
    bic: societe.bic,
    remise_partenaire_pct: Number(societe.remisePartenairePct ?? 0),
    acompte_pendant_retractation: societe.acomptePendantRetractation,
    tolerance_mesure_mm: societe.toleranceMesureMm,
  }
}

export async function createSociete(
  actor: Actor,
  user: User,
  input: SocieteInput,
  allowedTypes: SocieteType[]
): Promise<Societe> {
  if (!input.type) fieldError('type', TYPE_REQUIRED)
  if (!allowedTypes.includes(input.type)) fieldError('type', TYPE_NOT_ALLOWED)
  return db.transaction(async (trx) => {
    const remise = remisePartenaire(actor, input)
    const societe = await Societe.create(
      {
        pays: 'BE',
        ...attributes(input),
        type: input.type!,
        ...(remise !== undefined ? { remisePartenairePct: remise } : {}),
      },
      { client: trx }
    )
    // Whoever creates it administers it; staff see every société anyway
    if (!hasStaffPowers(user)) {
      await user.related('societes').attach({ [societe.id]: { role: 'admin' } }, trx)
    }
    await audit(
      actor,
      {
        action: 'societe.created',
        subjectType: 'societe',
        subjectId: societe.id,
        after: auditSummary(societe),
      },
      trx
    )
    return societe
  })
}

export async function updateSociete(
  actor: Actor,
  societe: Societe,
  input: SocieteInput,
  mayChangeType: boolean
): Promise<void> {
  const before = auditSummary(societe)
  const values: Record<string, unknown> = attributes(input)
  const remise = remisePartenaire(actor, input)
  if (remise !== undefined) values.remisePartenairePct = remise
  const regle = acompteRegle(actor, societe, input)
  if (regle !== undefined) values.acomptePendantRetractation = regle
  const tolerance = toleranceMesure(actor, societe, input)
  if (tolerance !== undefined) values.toleranceMesureMm = tolerance
  if (mayChangeType && input.type && input.type !== societe.type) {
    if (societe.type === 'pro' && (await hasContacts(societe.id))) {
      fieldError('type', TYPE_LOCKED_BY_CONTACTS)
    }
    values.type = input.type
  }
  await db.transaction(async (trx) => {
    await lockRecordVersion(trx, societe, input.lock_version, {
      label: 'Cette société',
      feminine: true,
      auditType: 'societe',
    })
    societe.useTransaction(trx)
    societe.merge(values)
    await societe.save()
    const diff = changes(before, auditSummary(societe))
    if (diff) {
      await audit(
        actor,
        { action: 'societe.updated', subjectType: 'societe', subjectId: societe.id, ...diff },
        trx
      )
    }
  })
}

/**
 * Why the société cannot be deleted, in French, or null. Its offres (even drafts: a contact and
 * lines go with them), the devis and clients it brought in keep it (« an issued or transmitted
 * document is never deleted »; the foreign keys RESTRICT are the last wall).
 */
export async function societeDeletionBlocker(
  societeId: number,
  client: TransactionClientContract | typeof db = db
): Promise<string | null> {
  const count = async (table: string, column: string) => {
    const [row] = await client.from(table).where(column, societeId).count('* as n')
    return Number(row.n)
  }
  const reasons: string[] = []
  const offres = await count('offres', 'societe_id')
  if (offres) reasons.push(plural(offres, 'offre'))
  const devis = await count('devis', 'apporteur_id')
  if (devis) reasons.push(`${devis} devis dont elle est l’apporteur`)
  const clients = await count('clients', 'apporteur_id')
  if (clients) reasons.push(`${plural(clients, 'client')} dont elle est l’apporteur`)
  if (!reasons.length) return null
  return `Cette société ne peut pas être supprimée : elle a ${reasons.join(', ')}. Ses documents restent dans l’historique.`
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n > 1 ? 's' : ''}`
}

/**
 * Deletes a société that has no document (its memberships and contacts go with it); otherwise
 * refused with the reason (409), nothing deleted.
 */
export async function deleteSociete(actor: Actor, societe: Societe): Promise<void> {
  await db.transaction(async (trx) => {
    // Lock the row so no offre can be attached between the check and the delete
    await trx.from('societes').where('id', societe.id).forUpdate().first()
    const blocker = await societeDeletionBlocker(societe.id, trx)
    if (blocker) throw new ConflictException(blocker)
    await audit(
      actor,
      {
        action: 'societe.deleted',
        subjectType: 'societe',
        subjectId: societe.id,
        before: auditSummary(societe),
      },
      trx
    )
    societe.useTransaction(trx)
    await societe.delete()
  })
  await deleteLogo(societe.logoPath)
}

async function hasContacts(societeId: number): Promise<boolean> {
  return Boolean(await db.from('contacts').where('societe_id', societeId).select('id').first())
}
