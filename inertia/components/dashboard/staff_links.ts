/*
 * The list each staff dashboard figure opens (issue 14 §2, decision 502): the same filters as
 * the figure's SQL condition (app/services/dashboard/conditions.ts), so the list shows exactly
 * the rows counted.
 */
import { route } from '../../lib/route.js'
import type { Periode } from '@shared/dashboard'
import type { Etape } from '@shared/commande_etapes'

export const staffLinks = {
  signes: (p: Periode) =>
    route(
      'esi.bdc.index',
      {},
      { 'filter[statut]': 'signe', 'filter[signe_du]': p.du, 'filter[signe_au]': p.au }
    ),
  devisARelancer: () => route('esi.devis.index', {}, { 'filter[relance]': '1' }),
  acomptes: () => route('esi.commandes.index', {}, { 'filter[etape]': 'acompte' }),
  commandesEnRetard: () => route('esi.commandes.index', {}, { 'filter[retard]': '1' }),
  etapeEnRetard: (etape: Etape) =>
    route('esi.commandes.index', {}, { 'filter[etape_en_retard]': etape }),
  visites: (type: 'com' | 'tec') =>
    route(type === 'com' ? 'esi.planning.com' : 'esi.planning.tec', {}, { vue: 'jour' }),
}
