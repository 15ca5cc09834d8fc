/*
 * « Planning — carte: 2 000 éléments en attente » in `npm run bench` (issue 13 §4): the map's data
 * (GET esi.planifications.attente?type=tec) with at least 2 000 items waiting to be planned —
 * open SAV requests of bench spread over Belgium, made once (raw rows, a fixed title prefix) and
 * reused by later runs; the mesurages and poses of the volume commandes wait with them (the
 * answer is capped at 2 000, the oldest first).
 */
export const PLANNING_MAP_SCENARIO = 'Planning — carte: 2 000 éléments en attente'
export const PLANNING_MAP_PATH = '/esi/planifications/attente?type=tec'

const COUNT = 2000
const PREFIX = 'SAV de bench carte'

export async function preparePlanningMapBench() {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const [{ n }] = await db
    .from('planning_demandes')
    .where('statut', 'ouverte')
    .where('titre', 'like', `${PREFIX} %`)
    .count('* as n')
  const missing = COUNT - Number(n)
  if (missing <= 0) return
  const rows = Array.from({ length: missing }, (_, k) => {
    const i = Number(n) + k
    // A grid over Belgium (49.6–51.4 N, 2.6–6.3 E), a different point each
    return {
      type: 'tec',
      nature: 'sav',
      titre: `${PREFIX} ${i + 1}`,
      adresse: `Rue du Bench ${i + 1}, 5000 Namur`,
      latitude: 49.6 + ((i * 37) % 180) / 100,
      longitude: 2.6 + ((i * 53) % 370) / 100,
      duree_minutes: 60,
    }
  })
  for (let i = 0; i < rows.length; i += 500) {
    await db.table('planning_demandes').multiInsert(rows.slice(i, i + 500))
  }
}
