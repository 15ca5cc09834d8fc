/*
 * Demo measurement sheets (issue 12 §2), through the services (prefilled from the bdc, synced,
 * validated, the PDF attached), on the commandes database/demo/commandes_story.ts gives: the
 * finished ones and those already ordering or further: validated without difference; « ecarts »:
 * validated with differences (a wider window, another colour: the avenant to sign, mesurage
 * bloquée); « retractation_mesure_en_cours »: half measured (brouillon, step en cours). The
 * avenant's sheet is made by the avenants demo; the others wait to be measured.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { systemActor } from '#services/actor'
import { ensureMesure, lignesOf, type MesureLigneProps } from '#services/commandes/mesure_feuille'
import { syncMesure } from '#services/commandes/mesure_sync'
import { validerEtArchiverMesure } from '#services/commandes/mesure_document'
import type { DemoBase } from '#database/demo/index'
import type { SensOuverture } from '#shared/mesurage'
import { demoCommandes } from '#database/demo/commandes_story'

const REPERES = ['Séjour', 'Cuisine', 'Chambre 1', 'Chambre 2', 'Salle de bain', 'Hall', 'Bureau']

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
  const { finished, role } = await demoCommandes(trx)
  const plans: [number | undefined, 'valide' | 'ecarts' | 'brouillon'][] = [
    ...finished.map((id) => [id, 'valide'] as [number, 'valide']),
    [role.pose_planifiee, 'valide'],
    [role.pv_reserve, 'valide'],
    [role.cf_en_retard, 'valide'],
    [role.reception_partielle, 'valide'],
    [role.ecarts, 'ecarts'],
    [role.retractation_mesure_en_cours, 'brouillon'],
  ]
  for (const [id, plan] of plans) {
    if (!id) continue
    const c = { id }
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
