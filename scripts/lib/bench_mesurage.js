/*
 * « Saving a measurement sheet of 30 rows » in `npm run bench` (issue 12 §2): 10 commandes of
 * bench (one per connection: ten technicians at once), each with its sheet; the scenario POSTs
 * the phone's sync of 30 rows (every field filled) to one of them in turn. The rows have fixed
 * client_uuids, so every run updates the same 30 rows (the sync is an upsert by uuid). The
 * commandes are made once (raw rows on devis of the volume data) and reused by later runs.
 */
const COUNT = 10

function uuidOf(commandeId, i) {
  const tail = `${String(commandeId).padStart(8, '0')}${String(i).padStart(4, '0')}`
  return `00000000-0000-4000-8000-${tail}`
}

export async function prepareMesureBench(session) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { ensureMesure } = await import('#services/commandes/mesure_feuille')
  let commandes = await db
    .from('commandes')
    .where('numero', 'like', 'CMD-BENCH-%')
    .orderBy('id')
    .select('id')
  if (commandes.length < COUNT) {
    const free = await db
      .from('devis')
      .whereNotExists((q) => q.from('bdcs').whereRaw('bdcs.devis_id = devis.id'))
      .orderBy('id')
      .limit(COUNT - commandes.length)
      .select('id', 'client_id', 'client_nom')
    for (const [i, d] of free.entries()) {
      const n = commandes.length + i + 1
      const now = new Date()
      const [bdc] = await db
        .table('bdcs')
        .insert({
          numero: `BDC-BENCH-${n}`,
          devis_id: d.id,
          devis_revision: 1,
          client_id: d.client_id,
          client_nom: d.client_nom,
          objet: 'Mesurage de bench',
          statut: 'signe',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
      await db.table('commandes').insert({
        numero: `CMD-BENCH-${n}`,
        bdc_id: bdc.id ?? bdc,
        client_id: d.client_id,
        client_nom: d.client_nom,
        objet: 'Mesurage de bench',
        created_at: now,
        updated_at: now,
      })
    }
    commandes = await db
      .from('commandes')
      .where('numero', 'like', 'CMD-BENCH-%')
      .orderBy('id')
      .select('id')
  }
  // Brouillon again if a previous run was interrupted after a validation
  for (const c of commandes) {
    await ensureMesure(c.id)
    await db.from('mesures').where('commande_id', c.id).update({ statut: 'brouillon' })
  }
  const SENS = ['gauche', 'droite', 'oscillo_battant_gauche', 'oscillo_battant_droite', 'fixe']
  const bodyOf = (commandeId) => ({
    lignes: Array.from({ length: 30 }, (_, i) => ({
      client_uuid: uuidOf(commandeId, i + 1),
      position: i + 1,
      repere: `Pièce ${i + 1}`,
      designation: `Châssis PVC ${i + 1}`,
      largeur_mm: 600 + 10 * i,
      hauteur_mm: 1200 + 5 * i,
      sens_ouverture: SENS[i % SENS.length],
      couleur: i % 2 ? 'anthracite' : 'blanc',
      vitrage: 'double vitrage',
      quantite: 1 + (i % 3),
      remarques: i % 5 === 0 ? 'Appui à remplacer' : null,
    })),
    remarques: 'Feuille de bench',
  })
  const xsrf = session.cookies.get('XSRF-TOKEN')
  return {
    requests: commandes.map((c) => ({
      path: `/esi/commandes/mesurage/${c.id}/sync`,
      body: JSON.stringify(bodyOf(c.id)),
    })),
    headers: {
      cookie: session.header(),
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': xsrf ? decodeURIComponent(xsrf) : '',
    },
  }
}
