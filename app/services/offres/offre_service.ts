/*
 * Writes on offres (DESIGN.md §1–§3): create and update by the members of the pro société,
 * issuing is offre_envoi.ts. Each change is one transaction with the
 * offre row locked, the optimistic version checked (reference B3), the number given when first
 * issued (gapless, per société: OFF:<societe id>) and its audit row. Totals come from
 * shared/totals.ts, the function the editor shows.
 */
import { DateTime } from 'luxon'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Offre from '#models/offre'
import OffreLigne from '#models/offre_ligne'
import OffreRevision, { type OffreSnapshot } from '#models/offre_revision'
import Contact from '#models/contact'
import Societe from '#models/societe'
import { readSnapshot } from '#services/pdf/document_parts'
import type User from '#models/user'
import { audit } from '#services/audit'
import { fieldError } from '#services/field_error'
import { today } from '#services/documents/numbering'
import { checkVersion } from '#services/documents/optimistic_lock'
import { normaliseLignes, replaceLignes, totalsOf } from '#services/documents/lignes'
import { findOffreFor, isMember } from '#services/offres/offre_queries'
import OffrePolicy from '#policies/offre_policy'
import { lignesContentErrors, throwFieldErrors, toLigneData } from '#validators/lignes'
import type { CreateOffreInput, OffreHeaderInput, UpdateOffreInput } from '#validators/offre'
import type { LigneData } from '#shared/devis'
import { OFFRE_VALIDITE_JOURS } from '#shared/offres'
import { OFFRE_NO_EMAIL, OFFRE_NO_PRODUIT, offreMachine } from '#shared/machines/offre'
import { enforce } from '#services/documents/state'
import type { Totals } from '#shared/totals'

export const NO_SOCIETE =
  'Vous n’êtes rattaché à aucune société partenaire : demandez à son administrateur de vous y inviter.'
export const SOCIETE_NOT_ALLOWED = 'Choisissez une de vos sociétés partenaires.'
export const CONTACT_NOT_ALLOWED = 'Choisissez un contact de la société qui émet l’offre.'
export const NO_EMAIL = OFFRE_NO_EMAIL
export const NO_PRODUIT = OFFRE_NO_PRODUIT
export const VALIDITE_AVANT = 'La date de validité ne peut pas précéder la date de l’offre.'

export function defaultValidity(from: DateTime = today()): DateTime {
  return from.plus({ days: OFFRE_VALIDITE_JOURS })
}

/** The label of an offre in messages: its number, or "Cette offre" for a draft. */
export function offreLabel(offre: Pick<Offre, 'numero'>): string {
  return offre.numero ? `L’offre ${offre.numero}` : 'Cette offre'
}

/** The lines and header checks that need more than VineJS (type rules, dates, products). */
async function checkedContent(input: OffreHeaderInput, trx: TransactionClientContract) {
  const errors = await lignesContentErrors(input.lignes, trx, input.remise_globale_pct ?? null)
  if (input.valable_jusqu_au < input.date_offre) errors.valable_jusqu_au = VALIDITE_AVANT
  throwFieldErrors(errors)
  const lignes: LigneData[] = normaliseLignes(input.lignes.map(toLigneData))
  const remise = input.remise_globale_pct ?? '0'
  return { lignes, remise, totals: totalsOf(lignes, remise) }
}

/** The contact must belong to the offre's société (a foreign id is a field error). */
async function contactOf(
  contactId: number,
  societeId: number,
  trx: TransactionClientContract
): Promise<Contact> {
  const contact = await Contact.query({ client: trx })
    .where('id', contactId)
    .where('societe_id', societeId)
    .first()
  if (!contact) fieldError('contact_id', CONTACT_NOT_ALLOWED)
  return contact
}

function headerColumns(input: OffreHeaderInput, remise: string, totals: Totals) {
  return {
    contactId: input.contact_id,
    dateOffre: DateTime.fromISO(input.date_offre),
    valableJusquAu: DateTime.fromISO(input.valable_jusqu_au),
    objet: input.objet,
    adresseChantier: input.adresse_chantier || null,
    intro: input.intro || null,
    conditions: input.conditions || null,
    remiseGlobalePct: String(remise),
    totalHt: totals.total_ht,
    totalTva: totals.total_tva,
    totalTtc: totals.total_ttc,
    tvaDetail: totals.tva,
  }
}

/** The société of a new offre: the one chosen, else the user's first pro société. */
async function societeFor(
  user: User,
  societeId: number | null | undefined,
  trx: TransactionClientContract
): Promise<Societe> {
  if (societeId) {
    const societe = await Societe.find(societeId, { client: trx })
    const allowed =
      societe?.type === 'pro' &&
      new OffrePolicy().createFor(await isMember(user.id, societe.id, trx))
    if (!societe || !allowed) fieldError('societe_id', SOCIETE_NOT_ALLOWED)
    return societe
  }
  const first = await Societe.query({ client: trx })
    .where('type', 'pro')
    .whereIn('id', trx.from('societe_user').where('user_id', user.id).select('societe_id'))
    .orderByRaw('f_unaccent(lower(nom))')
    .orderBy('id')
    .first()
  if (!first) fieldError('societe_id', NO_SOCIETE)
  return first
}

export async function createOffre(
  actor: Actor,
  user: User,
  input: CreateOffreInput
): Promise<Offre> {
  return db.transaction(async (trx) => {
    const societe = await societeFor(user, input.societe_id, trx)
    await contactOf(input.contact_id, societe.id, trx)
    const { lignes, remise, totals } = await checkedContent(input, trx)
    const offre = await Offre.create(
      {
        societeId: societe.id,
        auteurId: user.id,
        statut: 'brouillon',
        lockVersion: 1,
        ...headerColumns(input, remise, totals),
      },
      { client: trx }
    )
    await replaceLignes(trx, 'offre_lignes', 'offre_id', offre.id, lignes, totals)
    await audit(
      actor,
      {
        action: 'offre.created',
        userId: user.id,
        subjectType: 'offre',
        subjectId: offre.id,
        after: {
          societe_id: societe.id,
          contact_id: offre.contactId,
          lignes: lignes.length,
          total_ttc: totals.total_ttc,
        },
      },
      trx
    )
    return offre
  })
}

/** Who saved last (from the audit rows: offres keep only their author). */
async function lastEditor(offreId: number, trx: TransactionClientContract): Promise<string | null> {
  const row = await trx
    .from('audit_logs')
    .join('users', 'users.id', 'audit_logs.user_id')
    .where('audit_logs.subject_type', 'offre')
    .where('audit_logs.subject_id', String(offreId))
    .orderBy('audit_logs.id', 'desc')
    .select('users.name')
    .first()
  return row?.name ?? null
}

/** 409 when somebody saved since the user opened the offre; nothing is written. */
export function checkOffreVersion(offre: Offre, expected: number, trx: TransactionClientContract) {
  return checkVersion(offre, expected, async () => ({
    label: offreLabel(offre),
    feminine: true,
    by: await lastEditor(offre.id, trx),
    at: offre.updatedAt,
  }))
}

/** The offre as its contact received it: header, lines, totals and parties (offre_revisions). */
export async function offreSnapshotOf(
  offre: Offre,
  trx: TransactionClientContract
): Promise<OffreSnapshot> {
  const lignes = await OffreLigne.query({ client: trx })
    .where('offre_id', offre.id)
    .orderBy('position')
  const data = lignes.map((l) => l.toData())
  const totals = totalsOf(data, offre.remiseGlobalePct)
  return {
    header: {
      numero: offre.numero,
      revision: offre.revision,
      date_offre: offre.dateOffre.toISODate()!,
      valable_jusqu_au: offre.valableJusquAu.toISODate()!,
      objet: offre.objet,
      adresse_chantier: offre.adresseChantier,
      contact_id: offre.contactId,
      auteur_id: offre.auteurId,
      intro: offre.intro,
      conditions: offre.conditions,
      remise_globale_pct: String(offre.remiseGlobalePct),
      statut: offre.statut,
      envoyee_le: offre.envoyeeLe?.toISO() ?? null,
    },
    lignes: data.map((l, i) => ({ ...l, total_ht: totals.lignes[i]?.total_ht ?? null })),
    totals,
    parties: readSnapshot(offre.partiesSnapshot),
  }
}

export type UpdateOffreResult = { offre: Offre; revised: boolean }

/**
 * Saves the editor's content. A draft is changed in place; a sent offre becomes a new version
 * (issue 10, like a devis): the one the contact received is frozen in offre_revisions, the offre
 * goes back to brouillon with the same number and revision + 1. Transmise and after: refused.
 */
export async function updateOffre(
  actor: Actor,
  user: User,
  rawId: unknown,
  input: UpdateOffreInput
): Promise<UpdateOffreResult> {
  return db.transaction(async (trx) => {
    const { offre } = await findOffreFor(user, rawId, 'update', trx)
    await checkOffreVersion(offre, input.lock_version, trx)
    const from = offre.statut
    const revised = from !== 'brouillon'
    if (revised) enforce(offreMachine, 'reviser', { statut: from })
    await contactOf(input.contact_id, offre.societeId, trx)
    const { lignes, remise, totals } = await checkedContent(input, trx)
    const before = { total_ttc: offre.totalTtc, contact_id: offre.contactId }
    if (revised) {
      await OffreRevision.create(
        {
          offreId: offre.id,
          revision: offre.revision,
          snapshot: await offreSnapshotOf(offre, trx),
          createdBy: user.id,
        },
        { client: trx }
      )
      // A draft again: it prints the live parties until it is sent
      offre.merge({ revision: offre.revision + 1, statut: 'brouillon', partiesSnapshot: null })
    }
    offre.merge({ ...headerColumns(input, remise, totals), lockVersion: offre.lockVersion + 1 })
    offre.useTransaction(trx)
    await offre.save()
    await replaceLignes(trx, 'offre_lignes', 'offre_id', offre.id, lignes, totals)
    await audit(
      actor,
      {
        action: revised ? 'offre.revised' : 'offre.updated',
        userId: user.id,
        subjectType: 'offre',
        subjectId: offre.id,
        before: revised ? { ...before, statut: from, revision: offre.revision - 1 } : before,
        after: {
          total_ttc: totals.total_ttc,
          contact_id: offre.contactId,
          lignes: lignes.length,
          revision: offre.revision,
        },
      },
      trx
    )
    return { offre, revised }
  })
}
