/*
 * The demo commandes' story (issue 12, decision 420): which commande each demo module works on,
 * so that their documents and the timeline tell one story. The roles are given by the order of
 * the numéros, in three groups (see database/demo/index.ts):
 * - finished: the commandes whose facture de solde is issued (the factures demo, older than
 *   110 days) — measured, ordered, wholly received, PV signed without reserve;
 * - the older running ones (signed by the sales demo, solde not issued), oldest first: OLD_ROLES;
 * - the bdcs signed today by the timeline demo (commandes_etapes), in signing order: NEW_ROLES.
 */
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { TIME_ZONE } from '#shared/app'

export const OLD_ROLES = [
  /** Goods all received, the pose planned next week. */
  'pose_planifiee',
  /** PV de réception signed with an open reserve (the solde drafted, waiting). */
  'pv_reserve',
  /** Its demande de paiement of the acompte pending; the mesurage already planned. */
  'acompte_attendu',
] as const

export const NEW_ROLES = [
  /** Signed at the customer's home: the withdrawal period runs; half measured meanwhile. */
  'retractation_mesure_en_cours',
  /** Sheet validated with écarts: the avenant to have signed (mesurage bloquée). */
  'ecarts',
  /** Avenant signed: mesurage done, the supplier orders to prepare. */
  'avenant_signe',
  /** Supplier orders sent, one confirmed for a date now past (late), the other not confirmed. */
  'cf_en_retard',
  /** Partly received: a damaged line (fourniture en cours). */
  'reception_partielle',
  /** Signed at home, withdrawn within the period (acompte credited and refunded). */
  'retractee',
] as const

export const DOMICILE_ROLES: readonly NewRole[] = ['retractation_mesure_en_cours', 'retractee']

export type OldRole = (typeof OLD_ROLES)[number]
export type NewRole = (typeof NEW_ROLES)[number]
export type DemoRole = OldRole | NewRole

export type DemoCommandes = {
  finished: number[]
  role: Partial<Record<DemoRole, number>>
}

/** The demo commandes by role, read from the data (deterministic: numéro order). */
export async function demoCommandes(
  client: TransactionClientContract | QueryClientContract
): Promise<DemoCommandes> {
  const since = DateTime.now().setZone(TIME_ZONE).minus({ days: 1 }).toJSDate()
  const rows = await client
    .from('commandes')
    .orderBy('id')
    .select('id', 'statut', 'created_at')
    .select(
      client.raw(
        `EXISTS (SELECT 1 FROM factures f WHERE f.commande_id = commandes.id AND f.type = 'solde'
           AND f.numero IS NOT NULL AND f.statut <> 'annulee') AS solde`
      )
    )
  const finished: number[] = []
  const old: number[] = []
  const fresh: number[] = []
  for (const r of rows) {
    if (new Date(r.created_at) >= since) fresh.push(r.id)
    else if (r.statut === 'annulee') continue
    else if (r.solde) finished.push(r.id)
    else old.push(r.id)
  }
  const role: Partial<Record<DemoRole, number>> = {}
  OLD_ROLES.forEach((name, i) => old[i] !== undefined && (role[name] = old[i]))
  NEW_ROLES.forEach((name, i) => fresh[i] !== undefined && (role[name] = fresh[i]))
  return { finished, role }
}
