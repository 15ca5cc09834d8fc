/*
 * Bank import (issue 11 §3): an uploaded CAMT.053 or CODA statement becomes lines, each credit
 * matched to what a client owes (app/services/compta/bank_import, decision 198) becomes a real
 * payment through the payment service, all in one transaction. A line is inserted once per
 * account (unique key, ON CONFLICT DO NOTHING): the same file again, or a concurrent upload of
 * it, finds its lines taken and adds nothing. The rest is matched or ignored by hand.
 *
 * Locks, in the payment service's order: clients by id (the matched lines are paid in client id
 * order, so two imports never wait on each other crosswise), then factures.
 */
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { fieldError } from '#services/field_error'
import { parseStatement, matchLines, type StatementLine } from '#services/compta/bank_import/index'
import type { OpenItem } from '#services/compta/bank_import/match'
import { recordPaiement } from '#services/paiements/paiement_service'
import { markDemandePayee } from '#services/paiement/demande_paiement_service'
import { CLIENT_NOM } from '#services/paiements/paiement_list'
import { OPEN_FACTURE_SQL } from '#services/creances/creance_list'
import { RESTE_SQL } from '#services/factures/reste'

/** The parsers' errors shown to the user: the first ones, each with its line. */
const SHOWN_ERRORS = 5
const INSERT_CHUNK = 500

/** A UUID made from a line's key: the payment of a line has one idempotency key, ever. */
export function lineIdempotencyKey(cle: string): string {
  const h = createHash('sha256').update(`releve:${cle}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** What the payment of a line carries as its reference: the bank's, else the payer's ids. */
export function lineReference(line: {
  reference_banque: string | null
  communication_structuree: string | null
}): string | null {
  return line.reference_banque ?? line.communication_structuree ?? null
}

export type ImportOutcome = {
  releveId: number | null
  lignesFichier: number
  nouvelles: number
  dejaImportees: number
  rapprocheesAuto: number
}

function refuseFile(errors: { line: number; message: string }[]): never {
  const shown = errors
    .slice(0, SHOWN_ERRORS)
    .map((e) => (e.line > 0 ? `Ligne ${e.line} : ${e.message}` : e.message))
  const more = errors.length - shown.length
  fieldError(
    'fichier',
    `Fichier refusé, rien n’a été importé. ${shown.join(' ')}${more > 0 ? ` (et ${more} autre${more > 1 ? 's' : ''} erreur${more > 1 ? 's' : ''})` : ''}`,
    'releve'
  )
}

/** Issued open factures and sent demandes de paiement, as the matcher reads them. */
async function openItems(trx: TransactionClientContract): Promise<OpenItem[]> {
  const factures = await trx
    .from('factures')
    .join('clients', 'clients.id_client', 'factures.client_id')
    .whereRaw(OPEN_FACTURE_SQL)
    .select(
      'factures.id',
      'factures.client_id',
      'factures.communication',
      trx.raw(`${CLIENT_NOM} AS client_nom`),
      trx.raw(`${RESTE_SQL} AS reste`)
    )
  const demandes = await trx
    .from('demandes_paiement')
    .join('clients', 'clients.id_client', 'demandes_paiement.client_id')
    .where('demandes_paiement.statut', 'envoyee')
    .select(
      'demandes_paiement.id',
      'demandes_paiement.client_id',
      'demandes_paiement.communication',
      'demandes_paiement.montant',
      trx.raw(`${CLIENT_NOM} AS client_nom`)
    )
  return [
    ...factures.map((f) => ({
      id: Number(f.id),
      kind: 'facture' as const,
      client_id: Number(f.client_id),
      client_nom: String(f.client_nom ?? ''),
      reste: Number(f.reste),
      communication: f.communication,
    })),
    ...demandes.map((d) => ({
      id: Number(d.id),
      kind: 'demande_paiement' as const,
      client_id: Number(d.client_id),
      client_nom: String(d.client_nom ?? ''),
      reste: Number(d.montant),
      communication: d.communication,
    })),
  ]
}

function lineRow(releveId: number, l: StatementLine) {
  const now = new Date()
  return {
    releve_id: releveId,
    compte_iban: l.account_iban,
    cle: l.unique_key,
    reference_banque: (l.bank_reference ?? l.end_to_end_id)?.slice(0, 140) ?? null,
    date_operation: l.booking_date,
    date_valeur: l.value_date,
    montant: l.amount,
    devise: l.currency.slice(0, 3),
    contrepartie_nom: l.counterparty_name?.slice(0, 140) ?? null,
    contrepartie_iban: l.counterparty_iban?.slice(0, 34) ?? null,
    contrepartie_bic: l.counterparty_bic?.slice(0, 11) ?? null,
    communication: l.free_communication?.slice(0, 500) ?? null,
    communication_structuree: l.structured_communication,
    statut: 'a_rapprocher',
    created_at: now,
    updated_at: now,
  }
}

type StoredLine = ReturnType<typeof lineRow> & { id: number }

/** Pays one matched line (the caller's transaction); returns the payment id. */
async function payLine(
  actor: Actor,
  trx: TransactionClientContract,
  line: StoredLine,
  item: OpenItem,
  userId: number | null
): Promise<number> {
  const receipt = {
    montant: line.montant,
    date: DateTime.fromISO(line.date_operation),
    reference: lineReference(line),
    compte: line.contrepartie_iban,
    idempotencyKey: lineIdempotencyKey(line.cle),
  }
  if (item.kind === 'demande_paiement') {
    const { paiement } = await markDemandePayee(actor, Number(item.id), userId, { trx, receipt })
    return paiement.id
  }
  // Under the client's lock (the payment service takes it too) the reste read here is the one
  // the allocation is checked against
  await trx.from('clients').where('id_client', item.client_id).forUpdate().first()
  const facture = await trx
    .from('factures')
    .where('id', item.id)
    .select(trx.raw(`${RESTE_SQL} AS reste`))
    .first()
  const part = Math.min(line.montant, Math.max(0, Number(facture?.reste ?? 0)))
  const { paiement } = await recordPaiement(
    actor,
    {
      clientId: Number(item.client_id),
      ...receipt,
      mode: 'virement',
      allocations: part > 0 ? [{ factureId: Number(item.id), montant: part }] : [],
      userId,
    },
    trx
  )
  return paiement.id
}

export async function importReleve(
  actor: Actor,
  input: { fileName: string; bytes: Buffer; userId: number | null },
  outer?: TransactionClientContract
): Promise<ImportOutcome> {
  const parsed = parseStatement(input.bytes, input.fileName)
  if (parsed.errors.length > 0 || !parsed.format) refuseFile(parsed.errors)
  if (parsed.lines.length === 0) {
    fieldError('fichier', 'Ce relevé ne contient aucun mouvement : rien n’a été importé.', 'releve')
  }
  const format = parsed.format
  const statements = parsed.statements
  const dates = parsed.lines.map((l) => l.booking_date).sort()
  const single = statements.length === 1 ? statements[0] : null

  const run = async (trx: TransactionClientContract): Promise<ImportOutcome> => {
    const [releve] = await trx
      .insertQuery()
      .table('releves_bancaires')
      .insert({
        fichier_nom: input.fileName.slice(0, 255) || 'relevé',
        fichier_sha256: createHash('sha256').update(input.bytes).digest('hex'),
        format,
        compte_iban: parsed.lines[0].account_iban,
        releve_ref:
          statements
            .map((s) => s.statement_id)
            .filter(Boolean)
            .join(', ')
            .slice(0, 140) || null,
        date_debut: dates[0],
        date_fin: dates[dates.length - 1],
        solde_initial: single?.opening_balance ?? null,
        solde_final: single?.closing_balance ?? null,
        lignes_fichier: parsed.lines.length,
        lignes_deja_importees: 0,
        rapprochees_auto: 0,
        imported_by: input.userId,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const releveId = Number(releve.id ?? releve)

    // A concurrent upload of the same lines waits here on the unique index, then skips them
    const stored: StoredLine[] = []
    for (let i = 0; i < parsed.lines.length; i += INSERT_CHUNK) {
      const rows = parsed.lines.slice(i, i + INSERT_CHUNK).map((l) => lineRow(releveId, l))
      const inserted: { id: number; cle: string }[] = await trx
        .knexQuery()
        .table('releve_lignes')
        .insert(rows)
        .onConflict(['compte_iban', 'cle'])
        .ignore()
        .returning(['id', 'cle'])
      const ids = new Map(inserted.map((r) => [r.cle, Number(r.id)]))
      for (const row of rows) {
        const id = ids.get(row.cle)
        if (id) stored.push({ ...row, id })
      }
    }
    const deja = parsed.lines.length - stored.length
    if (stored.length === 0) {
      await trx.from('releves_bancaires').where('id', releveId).delete()
      return {
        releveId: null,
        lignesFichier: parsed.lines.length,
        nouvelles: 0,
        dejaImportees: deja,
        rapprocheesAuto: 0,
      }
    }

    // Only euro credits are matched (the factures are in euros); the matcher skips debits
    const newLines = new Map(stored.map((s) => [s.cle, s]))
    const candidates = parsed.lines.filter(
      (l) => newLines.has(l.unique_key) && l.currency === 'EUR'
    )
    const items = await openItems(trx)
    const byKey = new Map(items.map((it) => [`${it.kind}:${it.id}`, it]))
    const matched = matchLines(candidates, items)
      .map((m, order) => ({
        line: newLines.get(m.unique_key)!,
        item: m.match ? byKey.get(`${m.match.kind}:${m.match.id}`) : undefined,
        how: m.match?.how,
        order,
      }))
      .filter((m) => m.item)
      .sort((a, b) => Number(a.item!.client_id) - Number(b.item!.client_id) || a.order - b.order)

    for (const m of matched) {
      const paiementId = await payLine(actor, trx, m.line, m.item!, input.userId)
      await trx.from('releve_lignes').where('id', m.line.id).update({
        statut: 'rapprochee_auto',
        rapprochement: m.how,
        paiement_id: paiementId,
        traitee_le: new Date(),
        updated_at: new Date(),
      })
    }
    await trx
      .from('releves_bancaires')
      .where('id', releveId)
      .update({ lignes_deja_importees: deja, rapprochees_auto: matched.length })
    await audit(
      actor,
      {
        action: 'releve.importe',
        userId: input.userId,
        subjectType: 'releve_bancaire',
        subjectId: releveId,
        after: {
          fichier: input.fileName,
          format,
          lignes: parsed.lines.length,
          nouvelles: stored.length,
          rapprochees: matched.length,
        },
      },
      trx
    )
    return {
      releveId,
      lignesFichier: parsed.lines.length,
      nouvelles: stored.length,
      dejaImportees: deja,
      rapprocheesAuto: matched.length,
    }
  }
  return outer ? run(outer) : db.transaction(run)
}
