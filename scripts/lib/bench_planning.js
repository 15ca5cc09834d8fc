/*
 * The planning in `npm run bench` (issue 13), on the volume of database/volume/planning.ts (50
 * technicians, 5 000 visits in the week of 4 March 2030, 2 000 open SAV requests):
 * - the week view of the technical planning (GET esi.planifications.index for that week);
 * - the map's and the list's data: what waits to be planned (GET esi.planifications.attente);
 * - a drag and drop saved under 10 users: PUT esi.planifications.update on 20 bench visits
 *   (« Bench glisser n », one per volume technician, made once through the planning service),
 *   each moved between two free evening slots of its technician's Monday with its current
 *   lock_version — so every save is a real one (no 409), and a refusal would show as an error.
 */
import { VOLUME_SEMAINE } from '#database/volume/planning'

const COUNT = 20
/** The two evening slots a bench visit moves between (after the volume's last slot, 16:50). */
export const DRAG_SLOTS = [
  [`${VOLUME_SEMAINE.start}T19:00`, `${VOLUME_SEMAINE.start}T19:30`],
  [`${VOLUME_SEMAINE.start}T20:00`, `${VOLUME_SEMAINE.start}T20:30`],
]

export const PLANNING_SCENARIOS = [
  [
    'Planning — semaine de 50 techniciens (5 000 visites)',
    `/esi/planifications?type=tec&start=${VOLUME_SEMAINE.start}&end=${VOLUME_SEMAINE.end}`,
  ],
  ['Planning — carte: 2 000 éléments en attente', '/esi/planifications/attente?type=tec'],
]

/** The bench visits (made when missing) and a function giving their current state. */
export async function prepareDragBench(session) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { systemActor } = await import('#services/actor')
  const { createPlanification } = await import('#services/planning/planification_service')
  const { volumeTechniciens } = await import('#database/volume/planning')
  const techniciens = await volumeTechniciens()
  const existing = await db
    .from('planifications')
    .whereLike('titre', 'Bench glisser %')
    .count('* as n')
  if (Number(existing[0].n) < COUNT) {
    const client = await db
      .from('clients')
      .whereNotNull('chantier_lat')
      .orderBy('id_client')
      .first()
    for (let i = Number(existing[0].n); i < COUNT; i++) {
      await createPlanification(systemActor(), {
        type: 'tec',
        nature: 'sav',
        debut: DRAG_SLOTS[0][0],
        fin: DRAG_SLOTS[0][1],
        personnes: [techniciens[i]],
        clientId: Number(client.id_client),
        titre: `Bench glisser ${i + 1}`,
      })
    }
  }
  const state = async () => {
    const rows = await db
      .from('planifications')
      .whereLike('titre', 'Bench glisser %')
      .orderBy('id')
      .select('id', 'lock_version', 'debut')
    const first = new Date(`${DRAG_SLOTS[0][0]}:00+01:00`).getTime()
    return {
      slots: DRAG_SLOTS,
      visits: rows.map((r) => ({
        id: r.id,
        lock: r.lock_version,
        at: new Date(r.debut).getTime() === first ? 0 : 1,
      })),
    }
  }
  const xsrf = session.cookies.get('XSRF-TOKEN')
  return {
    state,
    headers: {
      cookie: session.header(),
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': xsrf ? decodeURIComponent(xsrf) : '',
    },
  }
}
