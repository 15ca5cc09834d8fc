/*
 * Demo measurement sheets (issue 12 §2): every commande at the mesurage step or beyond gets its
 * sheet through the services (prefilled from its bdc, synced, validated, its PDF attached). Finished commandes and
 * those already past the mesurage: validated without difference. Of those still at the mesurage:
 * the first validated with differences (a wider window, another colour: the avenant to sign),
 * the second half measured (brouillon, step en cours); the others wait to be measured.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { systemActor } from '#services/actor'
import {
  ensureMesure,
  lignesOf,
  syncMesure,
  type MesureLigneProps,
} from '#services/commandes/mesure_service'
import { validerEtArchiverMesure } from '#services/commandes/mesure_document'
import type { DemoBase } from '#database/demo/index'
import type { SensOuverture } from '#shared/mesurage'

const REPERES = ['Séjour', 'Cuisine', 'Chambre 1', 'Chambre 2', 'Salle de bain', 'Hall', 'Bureau']
const AVANCEES = ['en_cours', 'faite', 'planifiee', 'bloquee']

function measured(l: MesureLigneProps, i: number, ecart = false) {
  const ref = l.reference as { largeur_mm?: number | null; hauteur_mm?: number | null }
  const largeur = (ref.largeur_mm ?? 1000 + 10 * i) + (ecart && i === 0 ? 25 : (i % 3) - 1)
  const hauteur = (ref.hauteur_mm ?? 1250) + (i % 2 === 0 ? 2 : -3)
  return {
    client_uuid: l.client_uuid,
    position: l.position,
    repere: REPERES[i % REPERES.length],
    designation: l.designation,
    largeur_mm: largeur,
    hauteur_mm: hauteur,
    sens_ouverture: (l.sens_ouverture ??
      (i % 2 === 0 ? 'oscillo_battant_droite' : 'oscillo_battant_gauche')) as SensOuverture,
    couleur: ecart && i === 0 ? 'anthracite' : l.couleur,
    vitrage: l.vitrage,
    quantite: l.quantite,
    remarques: i === 0 ? 'Tablette intérieure à conserver.' : null,
  }
}

export async function seedDemoMesures(trx: TransactionClientContract, base: DemoBase) {
  const actor = systemActor(base.users.esi)
  const commandes = await trx
    .from('commandes')
    .whereNot('statut', 'annulee')
    .orderBy('id')
    .select('id', 'statut')
  let waiting = 0
  for (const c of commandes) {
    const steps = await trx
      .from('commande_etapes')
      .where('commande_id', c.id)
      .select('etape', 'statut')
    const at = Object.fromEntries(steps.map((s) => [s.etape, s.statut as string]))
    const beyond =
      c.statut === 'terminee' ||
      at.mesurage === 'faite' ||
      ['approvisionnement', 'fourniture', 'pose'].some((e) => AVANCEES.includes(at[e]))
    let plan: 'valide' | 'ecarts' | 'brouillon' | null = null
    if (beyond) plan = 'valide'
    else if (at.mesurage === 'bloquee') plan = 'ecarts'
    else if (waiting === 0) plan = 'ecarts'
    else if (waiting === 1) plan = 'brouillon'
    if (!beyond && at.mesurage !== 'bloquee') waiting++
    if (!plan) continue

    const mesure = await ensureMesure(c.id)
    if (mesure.statut === 'validee') continue
    const lignes = await lignesOf(mesure.id)
    if (!lignes.length) continue
    const rows =
      plan === 'brouillon'
        ? lignes.slice(0, Math.ceil(lignes.length / 2)).map((l, i) => measured(l, i))
        : lignes.map((l, i) => measured(l, i, plan === 'ecarts'))
    const synced = await syncMesure(actor, c.id, {
      lignes: rows,
      remarques:
        plan === 'brouillon'
          ? 'Accès par la cour arrière ; prévoir un escabeau.'
          : 'RAS, accès facile.',
    })
    if (plan !== 'brouillon') await validerEtArchiverMesure(actor, c.id, synced.lock_version)
  }
}
