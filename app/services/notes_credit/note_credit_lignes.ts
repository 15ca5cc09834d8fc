/*
 * The lines of a note de crédit (issue 11 §2), built from its facture on the server only: the
 * form sends which lines and quantities (or an HT amount per VAT rate), never prices, so a note
 * de crédit always credits at the facture's own prices, discounts and rates.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Facture from '#models/facture'
import FactureLigne from '#models/facture_ligne'
import NoteCredit from '#models/note_credit'
import { AppException } from '#exceptions/http_exceptions'
import { creditableQuantities, milliToText, quantiteMilli } from '#shared/notes_credit'
import type { NoteCreditKind } from '#shared/notes_credit'
import type { LigneData } from '#shared/devis'
import type { VatGroup } from '#shared/totals'

export type NcLigne = LigneData & { facture_ligne_id: number | null }

export type NcRequest = {
  kind: NoteCreditKind
  /** kind 'lignes': facture line id → quantity to credit ("1,5"). */
  lignes?: { facture_ligne_id: number; quantite: string }[]
  /** kind 'montant': HT cents per VAT rate. */
  montants?: { taux_tva: number; montant_ht: number }[]
}

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

/** What issued notes de crédit of this facture already credited, line by line. */
export async function creditedLignes(trx: TransactionClientContract, factureId: number) {
  return trx
    .from('note_credit_lignes')
    .join('notes_credit', 'notes_credit.id', 'note_credit_lignes.note_credit_id')
    .where('notes_credit.facture_id', factureId)
    .whereNotNull('notes_credit.numero')
    .select('note_credit_lignes.facture_ligne_id', 'note_credit_lignes.quantite')
}

/** The facture's lines with what stays creditable on each (thousandths). */
export async function creditableOf(trx: TransactionClientContract, facture: Facture) {
  const lignes = await FactureLigne.query({ client: trx })
    .where('facture_id', facture.id)
    .orderBy('position')
  const credited = await creditedLignes(trx, facture.id)
  const left = creditableQuantities(
    lignes.map((l) => ({ id: Number(l.id), type: l.type, quantite: l.quantite })),
    credited.map((c) => ({
      facture_ligne_id: c.facture_ligne_id === null ? null : Number(c.facture_ligne_id),
      quantite: c.quantite,
    }))
  )
  return { lignes, left }
}

/**
 * The lines of the note de crédit asked, checked against what stays creditable (issued notes
 * only: drafts reserve nothing, the issue checks again under the facture's lock).
 */
export async function buildNcLignes(
  trx: TransactionClientContract,
  facture: Facture,
  request: NcRequest
): Promise<{ lignes: NcLigne[]; remiseGlobalePct: string }> {
  const remise = facture.remiseGlobalePct ?? '0'
  if (request.kind === 'montant') {
    const rates = new Set((facture.tvaDetail ?? []).map((g) => g.taux_tva))
    const asked = (request.montants ?? []).filter((m) => m.montant_ht > 0)
    if (asked.length === 0) refuse('Indiquez au moins un montant à créditer.')
    const seen = new Set<number>()
    const lignes = asked.map((m) => {
      if (!rates.has(m.taux_tva)) refuse(`La facture n’a pas de taux de TVA de ${m.taux_tva} %.`)
      if (seen.has(m.taux_tva)) refuse(`Le taux de ${m.taux_tva} % est indiqué deux fois.`)
      seen.add(m.taux_tva)
      return {
        type: 'produit' as const,
        produit_id: null,
        designation: `Réduction sur la facture ${facture.numero} (TVA ${m.taux_tva} %)`,
        quantite: '1',
        unite: null,
        prix_unitaire_ht: m.montant_ht,
        remise_pct: '0',
        taux_tva: m.taux_tva,
        facture_ligne_id: null,
      }
    })
    return { lignes, remiseGlobalePct: '0' }
  }

  const { lignes: factureLignes, left } = await creditableOf(trx, facture)
  const byId = new Map(factureLignes.map((l) => [Number(l.id), l]))
  const wanted: { ligne: FactureLigne; milli: bigint }[] = []
  if (request.kind === 'total') {
    for (const [id, milli] of left) if (milli > 0n) wanted.push({ ligne: byId.get(id)!, milli })
    if (wanted.length === 0) refuse('Toutes les lignes de cette facture sont déjà créditées.')
  } else {
    for (const asked of request.lignes ?? []) {
      const ligne = byId.get(asked.facture_ligne_id)
      if (!ligne || ligne.type !== 'produit') refuse('Cette ligne n’est pas sur la facture.')
      const milli = quantiteMilli(asked.quantite)
      if (milli <= 0n) continue
      const max = left.get(Number(ligne.id)) ?? 0n
      if (milli > max) {
        refuse(
          `« ${ligne.designation} » : au plus ${milliToText(max)} à créditer (quantité ${milliToText(milli)} demandée).`
        )
      }
      wanted.push({ ligne, milli })
    }
    if (wanted.length === 0) refuse('Choisissez au moins une ligne et sa quantité à créditer.')
  }
  const lignes = wanted.map(({ ligne, milli }) => ({
    ...ligne.toData(),
    quantite: milliToText(milli).replace(',', '.'),
    facture_ligne_id: Number(ligne.id),
  }))
  return { lignes, remiseGlobalePct: remise }
}

type NcTotals = { total_ht: number; total_tva: number; total_ttc: number; tva: VatGroup[] }

/**
 * The closing note (after it, every line of the facture is fully credited) takes exactly what
 * the facture has left per VAT rate, so VAT rounded note by note never credits a cent more or
 * less than the facture (DECISIONS.md « Credit notes and payments »).
 */
export async function closingTotals(
  trx: TransactionClientContract,
  facture: Facture,
  lignes: NcLigne[],
  computed: NcTotals,
  excludeNcId?: number
): Promise<NcTotals> {
  if (lignes.some((l) => l.facture_ligne_id === null)) return computed
  const { left } = await creditableOf(trx, facture)
  const taken = new Map<number, bigint>()
  for (const l of lignes) {
    const id = l.facture_ligne_id!
    taken.set(id, (taken.get(id) ?? 0n) + quantiteMilli(l.quantite))
  }
  for (const [id, milli] of left) if (milli !== (taken.get(id) ?? 0n)) return computed
  const earlier = await NoteCredit.query({ client: trx })
    .where('facture_id', facture.id)
    .whereNotNull('numero')
    .if(excludeNcId, (q) => q.whereNot('id', excludeNcId!))
  const groups = (facture.tvaDetail ?? []).map((g) => {
    const before = earlier
      .flatMap((nc) => nc.tvaDetail ?? [])
      .filter((e) => e.taux_tva === g.taux_tva)
    const sum = (key: 'base_brute' | 'remise' | 'base_ht' | 'tva') =>
      g[key] - before.reduce((s, e) => s + e[key], 0)
    return {
      taux_tva: g.taux_tva,
      base_brute: sum('base_brute'),
      remise: sum('remise'),
      base_ht: sum('base_ht'),
      tva: sum('tva'),
    }
  })
  const totalHt = groups.reduce((s, g) => s + g.base_ht, 0)
  const totalTva = groups.reduce((s, g) => s + g.tva, 0)
  return { total_ht: totalHt, total_tva: totalTva, total_ttc: totalHt + totalTva, tva: groups }
}
