/*
 * The invoicing measures of `npm run bench` (issue 11), run in the bench's process once the app
 * is booted: issuing 1 000 factures (10 at a time, each in its own transaction with the locked
 * counter, as the « Émettre » button does) and the Peppol UBL of a 50-line facture (generated
 * and checked against our rules). Each returns a row of the bench table; nothing is asserted.
 * CREANCE_SCENARIOS are HTTP rows of the bench table (scripts/bench.js loads them like the lists).
 */

/**
 * The créances page at 200 000 factures (db:volume) and 20 000 unallocated payments: the page
 * aggregates every open facture and every payment's credit per client (one query wrapped for
 * the keyset, its count and its totals), first page, late clients only, a search, the last page.
 */
export const CREANCE_SCENARIOS = [
  ['Créances, Inertia, page', '/esi/compta/creance'],
  ['Créances, filtre en retard', '/esi/compta/creance?filter[retard]=1'],
  ['Créances, recherche ?q=dupont', '/esi/compta/creance?q=dupont'],
  ['Créances, tri client, première page', '/esi/compta/creance?sort=client'],
  ['Créances, tri client, dernière page', '/esi/compta/creance?sort=client&page=last'],
]
import { summarise } from './bench_report.js'

const ISSUES = Number(process.env.BENCH_ISSUES ?? 1000)
const CONCURRENCY = 10

function stats(latencies, seconds) {
  const { rps, p50, p95, p99 } = summarise(latencies, seconds)
  return { rps, p50, p95, p99 }
}

/** 1 000 drafts made first, then issued by 10 concurrent workers; the numbers must be gapless. */
export async function benchIssuing(user) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { systemActor } = await import('#services/actor')
  const { createFactureLibre, issueFacture } = await import('#services/factures/facture_service')
  const { default: Facture } = await import('#models/facture')
  const actor = systemActor(user)
  const [{ id_client: clientId }] = await db.from('clients').orderBy('id_client').limit(1)
  const lignes = [21, 6].map((taux, i) => ({
    type: 'produit',
    produit_id: null,
    designation: `Châssis PVC ${i + 1}`,
    quantite: '2',
    unite: 'piece',
    prix_unitaire_ht: 45_000 + i * 1_000,
    remise_pct: '0',
    taux_tva: taux,
  }))
  const drafts = []
  for (let i = 0; i < ISSUES; i++) {
    const f = await createFactureLibre(actor, {
      clientId,
      objet: `Bench émission ${i + 1}`,
      lignes,
      userId: user.id,
    })
    // The version the « Émettre » button would send: the draft as saved (its lines included)
    const saved = await Facture.findOrFail(f.id)
    drafts.push({ id: f.id, lock: saved.lockVersion })
  }
  const latencies = []
  let errors = 0
  const started = Date.now()
  const queue = [...drafts]
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let d = queue.pop(); d; d = queue.pop()) {
        const t0 = performance.now()
        try {
          await issueFacture(actor, { factureId: d.id, lockVersion: d.lock, userId: user.id })
        } catch (error) {
          if (errors++ === 0) console.log(`    première erreur : ${error.message}`)
        }
        latencies.push(performance.now() - t0)
      }
    })
  )
  const seconds = (Date.now() - started) / 1000
  const issued = await Facture.query()
    .whereIn(
      'id',
      drafts.map((d) => d.id)
    )
    .whereNotNull('numero')
    .select('numero')
  const numbers = issued.map((f) => Number(f.numero.split('-')[2])).sort((a, b) => a - b)
  const gapless = numbers.length > 0 && numbers.at(-1) - numbers[0] + 1 === numbers.length
  return {
    label: `Factures, émission de ${ISSUES} (10 en parallèle, numéros ${gapless ? 'sans trou' : 'AVEC TROUS'})`,
    ...stats(latencies, seconds),
    sql: '—',
    errors: errors + (gapless ? 0 : 1),
  }
}

/** The UBL of a 50-line facture: generated from plain data and checked against every rule. */
export async function benchUbl() {
  const { generateUbl } = await import('#services/compta/ubl/generate')
  const { checkPeppolRules } = await import('#services/compta/ubl/rules')
  const { invoice } = await import('#tests/fixtures/ubl/documents')
  const doc = invoice()
  const base = doc.lines
  doc.lines = Array.from({ length: 50 }, (_, i) => ({
    ...base[i % base.length],
    id: String(i + 1),
  }))
  const latencies = []
  let errors = 0
  const started = Date.now()
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now()
    const violations = checkPeppolRules(generateUbl(doc))
    latencies.push(performance.now() - t0)
    if (violations.length) errors++
  }
  return {
    label: 'Facture, UBL Peppol 50 lignes (génération + règles)',
    ...stats(latencies, (Date.now() - started) / 1000),
    sql: 0,
    errors,
  }
}
