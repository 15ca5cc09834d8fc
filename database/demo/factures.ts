/*
 * Demo factures (issue 11): the last twelve months of an installer's books, consistent with the
 * demo sales, written through the real services (database/demo/demo_books.ts), in date order.
 *
 * - Every signed bdc: its acompte facture issued a day or three after the signature, mostly paid
 *   by transfer with its structured communication, some by Bancontact at the showroom; one
 *   client rounded his transfer up (the rest stays his credit, unallocated).
 * - Commandes older than 80 days: a 40 % intermédiaire for one in two; older than 110 days: the
 *   commande finished and its solde issued (acompte and intermédiaire deducted), mostly paid,
 *   one half paid, one paid then partly credited (a commercial gesture) and refunded, the newest
 *   still unpaid.
 * - The bdc paid through its demande de paiement: its acompte issued the day the transfer came
 *   and paid by it; its solde drafted today. The bdc whose demande is pending: its acompte draft.
 * - Free factures (SAV, repairs) through the year; one issued to the wrong client, cancelled by
 *   a total note de crédit and issued again to the right one; unpaid ones at fixed ages so every
 *   aging bucket of the créances holds something (the relances will need them).
 * Deterministic: every choice follows from an index or a fixed list; dates are relative to now.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type { DemoBase } from '#database/demo/index'
import { DemoBooks } from '#database/demo/demo_books'
import Client from '#models/client'
import Produit from '#models/produit'
import { TIME_ZONE } from '#shared/app'
import type { LigneData } from '#shared/devis'
import type { VatGroup } from '#shared/totals'

type FreeTemplate = { objet: string; lignes: [ref: string, qte: number][] }

const FREE: FreeTemplate[] = [
  {
    objet: 'Remplacement du moteur d’un volet roulant',
    lignes: [
      ['VOL-MOTEUR', 1],
      ['MO-MENUISIER', 1],
      ['DEPL-25', 1],
    ],
  },
  {
    objet: 'Remplacement d’un double vitrage fissuré',
    lignes: [
      ['VIT-DV', 1.8],
      ['VIT-REMPL-RENOV', 1],
      ['DEPL-25', 1],
    ],
  },
  {
    objet: 'Sécurisation de la porte d’entrée et des fenêtres du rez',
    lignes: [
      ['QUI-CYL-SKG3', 1],
      ['QUI-POIGNEE-CLE', 4],
      ['MO-MENUISIER', 1.5],
      ['DEPL-25', 1],
    ],
  },
  {
    objet: 'Intervention SAV : réglage des châssis et joints',
    lignes: [
      ['DEPL-25', 1],
      ['MO-MENUISIER', 2.5],
      ['FIN-HABILLAGE', 12],
    ],
  },
  {
    objet: 'Fourniture et pose de moustiquaires',
    lignes: [
      ['MOUST-ENR', 3],
      ['MO-MENUISIER', 2],
      ['DEPL-25', 1],
    ],
  },
  {
    objet: 'Vitrage de sécurité pour la porte de la cuisine',
    lignes: [
      ['VIT-FEUIL', 1.2],
      ['MO-MENUISIER', 2],
      ['DEPL-50', 1],
    ],
  },
  {
    objet: 'Prise de mesures sur chantier (projet non poursuivi)',
    lignes: [
      ['MESURAGE', 1],
      ['DEPL-50', 1],
    ],
  },
  {
    objet: 'Fourniture et pose de deux volets roulants solaires',
    lignes: [
      ['VOL-SOLAIRE', 2],
      ['POSE-VOLET', 2],
      ['DEPL-25', 1],
    ],
  },
]

type Pay = 'bancontact' | 'virement' | 'moitie' | null

/**
 * The free factures: days ago, template, and how it was paid. The unpaid ones sit in every
 * aging bucket (due 30 days after issue): 150 d → > 90, 105 d → 61–90 (half paid), 75 d → 31–60
 * (its travel credited), 45 d → 0–30, 8 d → not due yet.
 */
const FREE_PLAN: { age: number; template: number; pay: Pay }[] = [
  { age: 362, template: 0, pay: 'bancontact' },
  { age: 341, template: 2, pay: 'virement' },
  { age: 328, template: 4, pay: 'virement' },
  { age: 268, template: 1, pay: 'bancontact' },
  { age: 231, template: 5, pay: 'virement' },
  { age: 197, template: 3, pay: 'virement' },
  { age: 150, template: 1, pay: null },
  { age: 105, template: 0, pay: 'moitie' },
  { age: 75, template: 5, pay: null },
  { age: 45, template: 3, pay: null },
  { age: 20, template: 4, pay: 'bancontact' },
  { age: 14, template: 7, pay: 'virement' },
  { age: 8, template: 2, pay: null },
]

/** The wrong-client facture (cancelled by a total note de crédit), days ago. */
const ERROR_AGE = 296

const qty = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/0+$/, ''))

function freeLignes(t: FreeTemplate, produits: Map<string, Produit>): LigneData[] {
  return t.lignes.map(([ref, q]) => {
    const p = produits.get(ref)
    if (!p) throw new Error(`Produit de démonstration inconnu : ${ref}`)
    return {
      type: 'produit',
      produit_id: p.id,
      designation: p.libelle,
      quantite: qty(q),
      unite: p.unite,
      prix_unitaire_ht: p.prixVenteHt,
      remise_pct: '0',
      taux_tva: p.tauxTva,
    }
  })
}

type SignedRow = {
  bdc_id: number
  commande_id: number
  client_id: number
  signe_le: Date
  acompte: string | number
}

/** A working-hours instant `days` after `from`, Brussels time. */
const workday = (from: DateTime, days: number, hour: number, minute = 0) =>
  from.plus({ days }).setZone(TIME_ZONE).set({ hour, minute, second: 0, millisecond: 0 })

export async function seedDemoFactures(trx: TransactionClientContract, base: DemoBase) {
  const now = DateTime.now().setZone(TIME_ZONE)
  const books = new DemoBooks(trx, base.users.esi)
  const past = (d: DateTime) => d < now.minus({ hours: 2 })

  const signed: SignedRow[] = await trx
    .from('bdcs')
    .join('commandes', 'commandes.bdc_id', 'bdcs.id')
    .where('bdcs.statut', 'signe')
    .whereNot('commandes.statut', 'annulee')
    .orderBy('bdcs.signe_le')
    .select('bdcs.id as bdc_id', 'commandes.id as commande_id', 'bdcs.client_id')
    .select('bdcs.signe_le', 'bdcs.acompte')
  const demandes = await trx
    .from('demandes_paiement')
    .whereIn('statut', ['payee', 'envoyee'])
    .whereNotNull('bdc_id')
    .orderBy('id')
  const paid = demandes.find((d) => d.statut === 'payee')
  const pending = demandes.find((d) => d.statut === 'envoyee')

  // ── The commandes: acompte, intermédiaire, solde ─────────────────────────────────────────
  const soldes: { key: string; at: DateTime; clientId: number }[] = []
  let i = 0
  for (const s of signed) {
    const commande = { id: s.commande_id, bdcId: s.bdc_id }
    const signeLe = DateTime.fromJSDate(s.signe_le).setZone(TIME_ZONE)
    const acompteKey = `acompte-${s.bdc_id}`
    if (Number(s.acompte) <= 0) continue
    if (paid && s.bdc_id === Number(paid.bdc_id)) {
      // Invoiced the day the transfer of the demande came, paid by it; the solde drafted today
      const payeeLe = DateTime.fromJSDate(paid.payee_le).setZone(TIME_ZONE)
      books.acompte(acompteKey, s.bdc_id, payeeLe)
      books.pay(
        acompteKey,
        payeeLe,
        { mode: 'virement', montant: Number(paid.montant) },
        { demandePaiementId: paid.id, reference: paid.communication }
      )
      books.solde(`solde-${s.bdc_id}`, commande, now.minus({ hours: 3 }), true)
      continue
    }
    if (pending && s.bdc_id === Number(pending.bdc_id)) {
      // Its demande de paiement is out: the acompte facture waits as a draft
      books.acompte(acompteKey, s.bdc_id, now.minus({ days: 1 }), true)
      continue
    }
    const n = i++
    const issuedAt = workday(signeLe, 1 + (n % 3), 9 + (n % 4), (n * 17) % 60)
    if (!past(issuedAt)) continue
    books.acompte(acompteKey, s.bdc_id, issuedAt)
    const acomptePaidAt = workday(issuedAt, 4 + (n % 8), 11)
    if (n % 4 === 1) {
      books.pay(acompteKey, issuedAt.plus({ hours: 1 }), { mode: 'bancontact' })
    } else if (n === 2 && past(acomptePaidAt)) {
      // Rounded up to the next 50 €: the difference stays the client's credit
      const total = Number(s.acompte)
      books.pay(acompteKey, acomptePaidAt, {
        mode: 'virement',
        montant: Math.ceil((total + 1) / 5_000) * 5_000,
      })
    } else if (past(acomptePaidAt)) {
      books.pay(acompteKey, acomptePaidAt, { mode: 'virement' })
    }

    const age = now.diff(signeLe, 'days').days
    if (age > 80 && n % 2 === 0) {
      const key = `intermediaire-${s.bdc_id}`
      const at = workday(signeLe, 40, 10, 30)
      books.intermediaire(key, commande, '40', at)
      const paidAt = workday(at, 12, 14)
      if (past(paidAt)) books.pay(key, paidAt, { mode: 'virement' })
    }
    if (age > 110) {
      const at = workday(signeLe, 75 + (n % 4) * 5, 15)
      const key = `solde-${s.bdc_id}`
      books.solde(key, commande, at)
      // The work is done: the commande is finished the day its solde is issued
      books.at(at, async () => {
        await trx
          .from('commandes')
          .where('id', s.commande_id)
          .update({ statut: 'terminee', updated_at: at.toJSDate() })
      })
      soldes.push({ key, at, clientId: s.client_id })
    }
  }
  planSoldePayments(books, soldes, past)

  // ── Free factures ────────────────────────────────────────────────────────────────────────
  const catalogue = await Produit.query({ client: trx })
  const produits = new Map(catalogue.map((p) => [p.reference, p] as const))
  const particuliers = await Client.query({ client: trx })
    .where('type', 'particulier')
    .orderBy('id_client')
  if (!particuliers.length) return books.run()
  const clientOf = (k: number) => particuliers[(k * 5 + 3) % particuliers.length].idClient
  for (const [k, plan] of FREE_PLAN.entries()) {
    const key = `libre-${k}`
    const at = workday(now, -plan.age, 16, (k * 11) % 60)
    const template = FREE[plan.template]
    books.libre(key, clientOf(k), template.objet, freeLignes(template, produits), at)
    if (plan.pay === 'bancontact') books.pay(key, at.plus({ minutes: 20 }), { mode: 'bancontact' })
    const transferAt = workday(at, 4 + (k % 9), 10)
    if (plan.pay === 'virement' && past(transferAt)) {
      books.pay(key, transferAt, { mode: 'virement' })
    }
    if (plan.pay === 'moitie') books.pay(key, workday(at, 25, 10), { mode: 'virement', part: 0.5 })
  }

  // The travel of a warranty intervention, credited by lines (31–60 bucket facture)
  const deplId = produits.get('DEPL-50')?.id
  books.noteCredit(
    'nc-deplacement',
    'libre-8',
    workday(now, -60, 11),
    'Déplacement offert : intervention sous garantie (pose de 2024).',
    async (f) => {
      const ligne = await trx
        .from('facture_lignes')
        .where({ facture_id: f.id, produit_id: deplId ?? 0 })
        .first()
      return { kind: 'lignes', lignes: [{ facture_ligne_id: Number(ligne.id), quantite: '1' }] }
    }
  )

  // Issued to the wrong client, cancelled the next day by a total note de crédit, issued again
  const errorAt = workday(now, -ERROR_AGE, 14)
  const wrong = particuliers[1 % particuliers.length].idClient
  const right = particuliers[2 % particuliers.length].idClient
  const template = FREE[6]
  books.libre('erreur', wrong, template.objet, freeLignes(template, produits), errorAt)
  const fixedAt = workday(errorAt, 1, 9, 15)
  books.noteCredit(
    'nc-erreur',
    'erreur',
    fixedAt,
    'Facture établie par erreur au nom d’un autre client : annulée et refaite au nom du bon client.',
    () => ({ kind: 'total' })
  )
  books.libre(
    'erreur-refaite',
    right,
    template.objet,
    freeLignes(template, produits),
    fixedAt.plus({ minutes: 10 })
  )
  books.pay('erreur-refaite', workday(fixedAt, 12, 10), { mode: 'virement' })

  await books.run()
}

/**
 * The soldes' payments: most paid in full (some in two transfers), the second half paid, the
 * third paid then partly credited (a commercial gesture) and the credit refunded, the newest
 * unpaid.
 */
function planSoldePayments(
  books: DemoBooks,
  soldes: { key: string; at: DateTime; clientId: number }[],
  past: (d: DateTime) => boolean
) {
  for (const [j, s] of soldes.entries()) {
    if (j === soldes.length - 1 && j > 2) continue
    if (j === 1) {
      if (past(workday(s.at, 21, 10)))
        books.pay(s.key, workday(s.at, 21, 10), { mode: 'virement', part: 0.5 })
      continue
    }
    const paidAt = workday(s.at, 14 + ((j * 3) % 15), 10)
    if (!past(paidAt)) continue
    if (j % 3 === 0 && j > 0) {
      books.pay(s.key, workday(s.at, 8, 10), { mode: 'virement', part: 0.5 })
    }
    books.pay(s.key, paidAt, { mode: 'virement' })
    if (j === 2) {
      const ncAt = workday(paidAt, 20, 11)
      books.noteCredit(
        'nc-geste',
        s.key,
        ncAt,
        'Geste commercial : retard de livraison des menuiseries et rayure sur un dormant.',
        (f) => ({
          kind: 'montant',
          montants: [{ taux_tva: firstRate(f.tvaDetail), montant_ht: 150_00 }],
        })
      )
      books.refund(s.clientId, workday(ncAt, 7, 10), () => {
        const nc = books.notes.get('nc-geste')!
        return { montant: nc.totalTtc, reference: `Remboursement ${nc.numero}` }
      })
    }
  }
}

function firstRate(detail: VatGroup[] | null): number {
  return detail?.find((g) => g.base_ht > 0)?.taux_tva ?? 21
}
