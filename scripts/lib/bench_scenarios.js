/*
 * The read scenarios of `npm run bench`: [label, path, headers], the labels being those of the
 * issues' targets (scripts/lib/bench_report.js), and the comparators every row is read beside.
 */
import { CREANCE_SCENARIOS } from './bench_invoices.js'

/** Each last page and the first page of the same sort it is compared with (last = first). */
export const FIRSTS = {
  'Clients, dernière page (keyset)': 'Clients, Inertia, ?sort=-id_client',
  'Clients, tri nom, dernière page': 'Clients, tri nom, première page',
  'Devis, tri client, dernière page': 'Devis, tri client, première page',
  'Factures, tri client, dernière page': 'Factures, tri client, première page',
  'Créances, tri client, dernière page': 'Créances, tri client, première page',
  'Commandes, urgence, dernière page (keyset)': 'Commandes, Inertia, les plus en retard d’abord',
}
export const FLOOR = 'Plancher : GET /health (ni session ni base)'
export const BARE = 'JSON nu : GET /api/user'

/** The reads, with the session's Inertia headers (`inertia`) or JSON headers (`json`). */
export function readScenarios(inertia, json) {
  return [
    // The two comparators: the framework's floor (no cookie: no session, no database) and the
    // bare session-authenticated JSON route
    [FLOOR, '/health', {}],
    [BARE, '/api/user', json],
    ['Clients, Inertia, ?sort=-id_client', '/esi/customers?sort=-id_client', inertia],
    // What the page asks when sorting, searching or paging: the list's props only
    [
      'Clients, rechargement partiel (tri)',
      '/esi/customers?sort=nom',
      {
        ...inertia,
        'x-inertia-partial-component': 'esi/customer/Index',
        'x-inertia-partial-data': 'clients,filters,warnings',
      },
    ],
    ['Clients, filtre type', '/esi/customers?sort=-id_client&filter[type]=professionnel', inertia],
    ['Clients, recherche ?q=dupont', '/esi/customers?sort=-id_client&q=dupont', inertia],
    ['Clients, dernière page (keyset)', '/esi/customers?sort=-id_client&page=last', inertia],
    ['Clients, tri nom, première page', '/esi/customers?sort=nom', inertia],
    ['Clients, tri nom, dernière page', '/esi/customers?sort=nom&page=last', inertia],
    // Issue 5: the devis list with 50 000 devis (db:volume), a filter + a search, the last page
    ['Devis, Inertia, ?sort=-date_devis', '/esi/devis?sort=-date_devis', inertia],
    [
      'Devis, filtre statut + recherche',
      '/esi/devis?sort=-date_devis&filter[statut]=accepte,envoye&q=chassis',
      inertia,
    ],
    ['Devis, tri client, première page', '/esi/devis?sort=client_nom', inertia],
    ['Devis, tri client, dernière page', '/esi/devis?sort=client_nom&page=last', inertia],
    ['Devis, statistiques (12 derniers mois)', '/esi/devis/stats', inertia],
    // Issue 11: the factures list with 200 000 factures (db:volume), a filter, the last page
    ['Factures, Inertia, liste', '/esi/compta/facture', inertia],
    ['Factures, filtre en retard', '/esi/compta/facture?filter[statut]=en_retard', inertia],
    ['Factures, recherche ?q=dupont', '/esi/compta/facture?q=dupont', inertia],
    ['Factures, tri client, première page', '/esi/compta/facture?sort=client', inertia],
    ['Factures, tri client, dernière page', '/esi/compta/facture?sort=client&page=last', inertia],
    // The créances page at the same volume (scripts/lib/bench_invoices.js)
    ...CREANCE_SCENARIOS.map(([label, path]) => [label, path, inertia]),
    // Issue 12: the Approvisionnement and Fourniture step lists (what waits, late first)
    ['Approvisionnement, liste', '/esi/commandes/production', inertia],
    [
      'Approvisionnement, filtre période',
      '/esi/commandes/production?filter[du]=2026-01-01&filter[au]=2026-12-31',
      inertia,
    ],
    ['Fourniture, liste', '/esi/commandes/fourniture', inertia],
    // Issue 12: the commandes list at 20 000 commandes (db:volume), the most overdue first
    ['Commandes, Inertia, les plus en retard d’abord', '/esi/commandes', inertia],
    ['Commandes, filtre en retard', '/esi/commandes?filter[retard]=1', inertia],
    ['Commandes, recherche ?q=dupont', '/esi/commandes?q=dupont', inertia],
    ['Commandes, urgence, dernière page (keyset)', '/esi/commandes?page=last', inertia],
  ]
}
