/*
 * The evidence record of an online signature (issue 14 §1, decision 494): what the customer
 * accepted, as the canonical JSON of the document the page showed him (the one DocumentData
 * shape the PDF and the page both draw, with his choice of options and the totals that follow),
 * its SHA-256, the version, the moment, his IP and browser, his name, his « lu et approuvé » and
 * consent, and the options as he left them — one row per bdc, written in the accepting
 * transaction, printed on the last page of the bdc's PDF.
 */
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DocumentData, DocumentPreuveSignature } from '#shared/document'
import { canonicalJson, type OptionChoice } from '#shared/signature_en_ligne'
import { TIME_ZONE } from '#shared/app'

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * The text whose hash is kept: the document without what depends on where it is shown (the
 * logo's storage key or URL), as canonical JSON, under a format tag for future readers.
 */
export function documentCanonique(doc: DocumentData): string {
  const emetteur: Partial<DocumentData['emetteur']> = { ...doc.emetteur }
  delete emetteur.logo_path
  delete emetteur.logo_url
  return canonicalJson({ format: 'esi.devis.accepte/1', document: { ...doc, emetteur } })
}

export type PreuveInput = {
  bdcId: number
  devisId: number
  devisRevision: number
  document: DocumentData
  signeLe: DateTime
  ip: string | null
  userAgent: string | null
  signataire: string
  mention: string
  consentement: boolean
  options: OptionChoice[]
}

export async function recordPreuve(trx: TransactionClientContract, input: PreuveInput) {
  const texte = documentCanonique(input.document)
  await trx.table('signature_preuves').insert({
    bdc_id: input.bdcId,
    devis_id: input.devisId,
    devis_revision: input.devisRevision,
    document_sha256: sha256Hex(texte),
    document_canonique: texte,
    signe_le: input.signeLe.toJSDate(),
    ip: input.ip?.slice(0, 64) ?? null,
    user_agent: input.userAgent?.slice(0, 500) ?? null,
    signataire: input.signataire,
    mention: input.mention.slice(0, 60),
    consentement: input.consentement,
    options: JSON.stringify(input.options),
    created_at: new Date(),
  })
}

/** What the evidence page of a bdc's PDF prints (null: the bdc was not signed online). */
export type PreuveSignature = DocumentPreuveSignature

export async function preuveOfBdc(bdcId: number): Promise<PreuveSignature | null> {
  const row = await db
    .from('signature_preuves as p')
    .join('devis as d', 'd.id', 'p.devis_id')
    .where('p.bdc_id', bdcId)
    .select('p.*', 'd.numero as devis_numero')
    .first()
  if (!row) return null
  const options = typeof row.options === 'string' ? JSON.parse(row.options) : row.options
  return {
    sha256: row.document_sha256,
    intacte: sha256Hex(row.document_canonique) === row.document_sha256,
    devis_numero: row.devis_numero,
    devis_revision: Number(row.devis_revision),
    signe_le: DateTime.fromJSDate(new Date(row.signe_le))
      .setZone(TIME_ZONE)
      .toFormat("dd/MM/yyyy 'à' HH:mm:ss '(heure de Bruxelles, UTC'ZZ')'"),
    ip: row.ip,
    user_agent: row.user_agent,
    signataire: row.signataire,
    mention: row.mention,
    consentement: row.consentement === true,
    options: Array.isArray(options) ? options : [],
  }
}
