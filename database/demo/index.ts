/*
 * All demo data, in one transaction: the accounts and their sociétés first, then each domain's
 * demo module (one line per domain below) with what the accounts step returned. `trx` must be
 * the global transaction or one nested in it (demo:seed, the tests' withGlobalTransaction): the
 * demo factures go through services that open their own (database/demo/demo_books.ts).
 *
 * The demo commandes (issue 12, decision 420) tell one story: each commande has one role and the
 * five timeline modules (commandes_etapes, mesures, commandes_fournisseur, receptions, avenants)
 * work only on the commandes of their roles, read by demoCommandes() of
 * database/demo/commandes_story.ts, in numéro order:
 * - finished: facture de solde issued by the factures demo — sheet validated, supplier orders
 *   received, PV signed without reserve;
 * - the older running ones: « pose_planifiee » (all received, pose next week), « pv_reserve »
 *   (PV with an open reserve, solde drafted), « acompte_attendu » (its demande pending,
 *   mesurage planned in two days);
 * - six bdcs signed today by commandes_etapes (a devis accepted today keeps one « à signer »):
 *   « retractation_mesure_en_cours » (home, period running, half measured), « ecarts » (sheet
 *   with écarts, avenant to sign), « avenant_signe » (signed; supplier orders to prepare),
 *   « cf_en_retard » (order confirmed for a past date), « reception_partielle » (a damaged
 *   line), « retractee » (home, withdrawn: acompte credited and refunded).
 * tests/functional/demo/commandes_demo.spec.ts checks the gates and that every role is there.
 * The planning (issue 13, database/demo/planning.ts) comes last: its mesurage and pose visits
 * plan the steps of that story through the planning service.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { seedDemoAccounts } from '#database/demo/accounts'
import { writingDemoStory } from '#services/commandes/commande_terminee'

export type DemoBase = Awaited<ReturnType<typeof seedDemoAccounts>>

type DemoModule = (trx: TransactionClientContract, base: DemoBase) => Promise<unknown>

const DOMAIN_MODULES: DemoModule[] = [
  // seedDemoClients, seedDemoProduits, … (one line per domain)
  (trx, base) => import('#database/demo/societes').then((m) => m.seedDemoSocietes(trx, base)),
  (trx, base) => import('#database/demo/textes').then((m) => m.seedDemoTextes(trx, base)),
  (trx, base) => import('#database/demo/clients').then((m) => m.seedDemoClients(trx, base)),
  (trx) => import('#database/demo/produits').then((m) => m.seedDemoProduits(trx)),
  (trx, base) => import('#database/demo/sales').then((m) => m.seedDemoSales(trx, base)),
  (trx, base) => import('#database/demo/factures').then((m) => m.seedDemoFactures(trx, base)),
  (trx, base) => import('#database/demo/relances').then((m) => m.seedDemoRelances(trx, base)),
  (trx, base) => import('#database/demo/banque').then((m) => m.seedDemoBanque(trx, base)),
  (trx, base) =>
    import('#database/demo/commandes_etapes').then((m) => m.seedDemoCommandesEtapes(trx, base)),
  (trx, base) => import('#database/demo/mesures').then((m) => m.seedDemoMesures(trx, base)),
  (trx, base) =>
    import('#database/demo/commandes_fournisseur').then((m) =>
      m.seedDemoCommandesFournisseur(trx, base)
    ),
  (trx, base) => import('#database/demo/receptions').then((m) => m.seedDemoReceptions(trx, base)),
  (trx, base) => import('#database/demo/avenants').then((m) => m.seedDemoAvenants(trx, base)),
  (trx, base) => import('#database/demo/planning').then((m) => m.seedDemoPlanning(trx, base)),
  (trx, base) =>
    import('#database/demo/realisations').then((m) => m.seedDemoRealisations(trx, base)),
  (trx, base) =>
    import('#database/demo/signature_en_ligne').then((m) => m.seedDemoSignatureEnLigne(trx, base)),
  (trx, base) => import('#database/demo/archive').then((m) => m.seedDemoArchive(trx, base)),
]

export async function seedDemo(trx: TransactionClientContract) {
  const base = await seedDemoAccounts(trx)
  // The story is written after the fact, finished commandes included (decision 523)
  for (const seed of DOMAIN_MODULES) await writingDemoStory(() => seed(trx, base))
  return base
}
