/*
 * Sending a relance (decision 249): inside one transaction, the facture row locked (FOR UPDATE),
 * the level checked as due and not yet sent, the row written; the mail (the text, the facture's
 * PDF attached) leaves after the commit through dispatchMail, and the row then says whether it
 * left. A double click or two users at once: the second waits for the lock, then finds the row
 * (409) — one row, one mail. The unique (facture, niveau) is the last wall.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { Actor } from '#services/actor'
import type User from '#models/user'
import Facture from '#models/facture'
import Relance from '#models/relance'
import FactureMail from '#mails/facture_mail'
import { audit } from '#services/audit'
import { dispatchMail, type Delivery } from '#services/events'
import { facturePdf } from '#services/pdf/index'
import { parseId } from '#services/route_params'
import { relanceContenu, relanceSnapshot } from '#services/relances/relance_contenu'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { todayIso } from '#shared/dates'
import {
  RELANCE_NIVEAU_LABELS,
  prochaineRelance,
  type ProchaineRelance,
  type RelanceCanal,
  type RelanceNiveau,
  type RelanceRow,
} from '#shared/relances'

export type SendRelanceInput = {
  factureId: unknown
  niveau: RelanceNiveau
  canal: RelanceCanal
  user: User
  today?: string
}

export type SentRelance = { relance: Relance; delivery: Delivery | null }

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505'

function alreadySent(niveau: RelanceNiveau) {
  return new AppException(
    `La relance de niveau ${niveau} (${RELANCE_NIVEAU_LABELS[niveau].toLowerCase()}) de cette facture a déjà été faite.`,
    { status: 409 }
  )
}

function factureRules(facture: Facture) {
  return {
    statut: facture.statut,
    numero: facture.numero,
    echeance: facture.echeance?.toISODate() ?? null,
    total_ttc: facture.totalTtc,
    montant_paye: facture.montantPaye,
    montant_credite: facture.montantCredite,
  }
}

/** A `date` column read raw: pg gives a local-midnight Date. */
const isoDay = (value: unknown) =>
  value instanceof Date ? DateTime.fromJSDate(value).toISODate()! : String(value).slice(0, 10)

const faitesOf = (relances: Relance[]) =>
  relances.map((r) => ({ niveau: r.niveau, date: r.dateRelance.toISODate()! }))

/** Records the relance of that level and sends its mail once; 409 when it was already made. */
export async function sendRelance(actor: Actor, input: SendRelanceInput): Promise<SentRelance> {
  const id = parseId(input.factureId)
  if (!id) throw new NotFoundException()
  const today = input.today ?? todayIso()
  let relance: Relance
  let delivery: Delivery | null = null
  try {
    relance = await db.transaction(async (trx) => {
      const facture = await Facture.query({ client: trx }).where('id', id).forUpdate().first()
      if (!facture) throw new NotFoundException()
      const faites = await Relance.query({ client: trx }).where('facture_id', id)
      if (faites.some((r) => r.niveau === input.niveau)) throw alreadySent(input.niveau)
      const next = prochaineRelance(factureRules(facture), faitesOf(faites), today)
      if (!next || next.niveau !== input.niveau || !next.due) {
        throw new AppException(
          next
            ? `La relance de niveau ${input.niveau} n’est pas due : la prochaine est le niveau ${next.niveau}, à partir du ${next.due_le.split('-').reverse().join('/')}.`
            : 'Cette facture n’est pas à relancer (brouillon, payée, annulée ou déjà mise en demeure).',
          { status: 422 }
        )
      }
      const contenu = await relanceContenu(facture, input.niveau, input.user, today, trx)
      if (input.canal === 'email' && !contenu.email) {
        throw new AppException(
          'Ce client n’a pas d’adresse e-mail : ajoutez-la sur sa fiche, ou relancez par courrier.',
          { status: 422 }
        )
      }
      const row = await Relance.create(
        {
          factureId: facture.id,
          niveau: input.niveau,
          dateRelance: DateTime.fromISO(today),
          canal: input.canal,
          envoyePar: input.user.id,
          mailEnvoye: null,
          destinataire: input.canal === 'email' ? contenu.email : null,
          ...relanceSnapshot(contenu),
        },
        { client: trx }
      )
      await audit(
        actor,
        {
          action: 'facture.relancee',
          userId: input.user.id,
          subjectType: 'facture',
          subjectId: facture.id,
          after: { niveau: input.niveau, canal: input.canal, to: row.destinataire },
        },
        trx
      )
      if (input.canal === 'email') {
        delivery = await dispatchMail(trx, async () => {
          const pdf = await facturePdf(facture.id)
          return new FactureMail(
            { email: contenu.email!, name: contenu.destinataireNom },
            contenu.objet,
            `${contenu.texte}\n\n${contenu.mentionLegale}`,
            [{ ...pdf, contentType: 'application/pdf' }],
            { email: input.user.email, name: input.user.name }
          )
        })
      }
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadySent(input.niveau)
    throw error
  }
  const sent = (delivery as Delivery | null)?.sent
  if (input.canal === 'email') {
    relance.mailEnvoye = sent === true
    await relance.save()
  }
  return { relance, delivery }
}

/** The relances of a facture, oldest level first, as its page lists them. */
export async function relanceRows(factureId: number): Promise<RelanceRow[]> {
  const rows = await db
    .from('relances as r')
    .leftJoin('users as u', 'u.id', 'r.envoye_par')
    .where('r.facture_id', factureId)
    .orderBy('r.niveau')
    .select('r.*', 'u.name as envoye_par_nom')
  return rows.map((r) => ({
    id: Number(r.id),
    niveau: Number(r.niveau) as RelanceNiveau,
    date_relance: isoDay(r.date_relance),
    canal: r.canal,
    envoye_par: r.envoye_par_nom ?? null,
    mail_envoye: r.mail_envoye === true,
    destinataire: r.destinataire,
    total: Number(r.reste) + Number(r.interets) + Number(r.indemnite),
  }))
}

/** The facture page's « Relances » block: its history and the next level, when one comes. */
export async function factureRelances(facture: Facture, today = todayIso()) {
  const relances = await Relance.query().where('facture_id', facture.id).orderBy('niveau')
  const prochaine: ProchaineRelance | null = prochaineRelance(
    factureRules(facture),
    faitesOf(relances),
    today
  )
  return { historique: await relanceRows(facture.id), prochaine }
}

/** One relance by its id (404 for an unknown or malformed one). */
export async function findRelance(rawId: unknown): Promise<Relance> {
  const id = parseId(rawId)
  const relance = id ? await Relance.find(id) : null
  if (!relance) throw new NotFoundException()
  return relance
}

export type BatchResult = {
  envoyees: { facture_id: number; numero: string | null; canal: RelanceCanal }[]
  echecs: { facture_id: number; numero: string | null; message: string }[]
}

/**
 * The morning batch: each ticked facture relanced at its level, by e-mail when the client has an
 * address, else recorded as a letter to print; each on its own (one failure stops nothing), each
 * once (sendRelance's lock). A mail that did not leave counts as a failure.
 */
export async function sendRelanceBatch(
  actor: Actor,
  user: User,
  items: { facture_id: number; niveau: number }[],
  beforeMail: (factureId: number) => Promise<void>,
  today = todayIso()
): Promise<BatchResult> {
  const result: BatchResult = { envoyees: [], echecs: [] }
  const seen = new Set<number>()
  for (const item of items) {
    if (seen.has(item.facture_id)) continue
    seen.add(item.facture_id)
    const facture = await Facture.find(item.facture_id)
    const numero = facture?.numero ?? null
    try {
      if (!facture) throw new NotFoundException('Facture introuvable.')
      const client = await db.from('clients').where('id_client', facture.clientId).first()
      const canal: RelanceCanal = client?.email ? 'email' : 'courrier'
      if (canal === 'email') await beforeMail(facture.id)
      const { delivery } = await sendRelance(actor, {
        factureId: facture.id,
        niveau: item.niveau as RelanceNiveau,
        canal,
        user,
        today,
      })
      if (delivery && delivery.sent !== true) {
        result.echecs.push({
          facture_id: item.facture_id,
          numero,
          message: 'relance enregistrée, mais l’e-mail n’est pas parti : imprimez la lettre',
        })
      } else {
        result.envoyees.push({ facture_id: item.facture_id, numero, canal })
      }
    } catch (error) {
      // Our refusals carry a French message; anything else is logged and named vaguely
      const known = error instanceof AppException
      if (!known) logger.error({ err: error, factureId: item.facture_id }, 'relance failed')
      const message = known ? error.message : 'erreur inattendue, réessayez plus tard'
      result.echecs.push({ facture_id: item.facture_id, numero, message })
    }
  }
  return result
}
