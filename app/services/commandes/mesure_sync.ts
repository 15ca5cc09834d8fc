// One sync of the phone's offline queue: deletions remembered, rows upserted, the sheet locked.
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { lockEtape, setEtapeStatut } from '#services/commandes/etapes'
import { errors } from '@vinejs/vine'
import { MESURE_LIMITS } from '#shared/mesurage'
import type { MesureSyncInput } from '#validators/mesure'
import { ensureMesure, lignesOf } from '#services/commandes/mesure_feuille'
import { assertModifiable, lockMesure } from '#services/commandes/mesure_service'

/**
 * One sync of the phone's queue (decision 334): deletions then upserts, in one transaction,
 * the sheet locked. Returns the sheet's rows and version after it.
 */
export async function syncMesure(actor: Actor, commandeId: number, input: MesureSyncInput) {
  await ensureMesure(commandeId)
  return db.transaction(async (trx) => {
    const mesure = await lockMesure(trx, commandeId)
    await assertModifiable(trx, mesure)

    const supprimees = [...new Set(input.supprimees ?? [])]
    if (supprimees.length) {
      // Only this sheet's uuids (or unknown ones) are remembered: another sheet's row stays
      await trx.rawQuery(
        `INSERT INTO mesure_lignes_supprimees (client_uuid, mesure_id)
         SELECT u, ? FROM unnest(?::uuid[]) AS u
          WHERE NOT EXISTS (SELECT 1 FROM mesure_lignes l WHERE l.client_uuid = u AND l.mesure_id <> ?)
         ON CONFLICT (client_uuid) DO NOTHING`,
        [mesure.id, supprimees, mesure.id]
      )
      // Their photos stay with the commande's mesurage step, no longer tied to a row
      await trx.rawQuery(
        `UPDATE commande_fichiers SET mesure_ligne_id = NULL
          WHERE mesure_ligne_id IN (SELECT id FROM mesure_lignes
                                     WHERE mesure_id = ? AND client_uuid = ANY(?::uuid[]))`,
        [mesure.id, supprimees]
      )
      await trx
        .from('mesure_lignes')
        .where('mesure_id', mesure.id)
        .whereIn('client_uuid', supprimees)
        .delete()
    }

    const lignes = input.lignes ?? []
    if (lignes.length) {
      const uuids = lignes.map((l) => l.client_uuid)
      if (new Set(uuids).size !== uuids.length) {
        throw new errors.E_VALIDATION_ERROR([
          { field: 'lignes', message: 'Une ligne est envoyée deux fois.', rule: 'distinct' },
        ])
      }
      const tombs = await trx.from('mesure_lignes_supprimees').whereIn('client_uuid', uuids)
      const dead = new Set(tombs.map((t) => t.client_uuid as string))
      const live = lignes.filter((l) => !dead.has(l.client_uuid))
      if (live.length) {
        // One statement for every row; bdc_ligne_id and reference are never the client's
        const values = live.map((l) => ({
          client_uuid: l.client_uuid,
          position: l.position,
          repere: l.repere ?? '',
          designation: l.designation ?? '',
          largeur_mm: l.largeur_mm ?? null,
          hauteur_mm: l.hauteur_mm ?? null,
          sens_ouverture: l.sens_ouverture ?? null,
          couleur: l.couleur ?? null,
          vitrage: l.vitrage ?? null,
          quantite: l.quantite ?? 1,
          remarques: l.remarques ?? null,
        }))
        const result = await trx.rawQuery(
          `INSERT INTO mesure_lignes (mesure_id, client_uuid, position, repere, designation,
             largeur_mm, hauteur_mm, sens_ouverture, couleur, vitrage, quantite, remarques,
             created_at, updated_at)
           SELECT ?, r.client_uuid, r.position, r.repere, r.designation, r.largeur_mm,
                  r.hauteur_mm, r.sens_ouverture, r.couleur, r.vitrage, r.quantite, r.remarques,
                  now(), now()
             FROM jsonb_to_recordset(?::jsonb) AS r(client_uuid uuid, position smallint,
                  repere text, designation text, largeur_mm integer, hauteur_mm integer,
                  sens_ouverture text, couleur text, vitrage text, quantite numeric, remarques text)
           ON CONFLICT (client_uuid) DO UPDATE SET
             position = EXCLUDED.position, repere = EXCLUDED.repere,
             designation = EXCLUDED.designation, largeur_mm = EXCLUDED.largeur_mm,
             hauteur_mm = EXCLUDED.hauteur_mm, sens_ouverture = EXCLUDED.sens_ouverture,
             couleur = EXCLUDED.couleur, vitrage = EXCLUDED.vitrage,
             quantite = EXCLUDED.quantite, remarques = EXCLUDED.remarques, updated_at = now()
           WHERE mesure_lignes.mesure_id = EXCLUDED.mesure_id
           RETURNING client_uuid`,
          [mesure.id, JSON.stringify(values)]
        )
        if (result.rows.length !== live.length) {
          const written = new Set(result.rows.map((r: { client_uuid: string }) => r.client_uuid))
          const index = lignes.findIndex(
            (l) => !written.has(l.client_uuid) && !dead.has(l.client_uuid)
          )
          throw new errors.E_VALIDATION_ERROR([
            {
              field: `lignes.${index}.client_uuid`,
              message: 'Cette ligne appartient à une autre feuille de mesurage.',
              rule: 'owner',
            },
          ])
        }
      }
      const count = await trx.from('mesure_lignes').where('mesure_id', mesure.id).count('* as n')
      if (Number(count[0].n) > MESURE_LIMITS.lignes) {
        throw new errors.E_VALIDATION_ERROR([
          {
            field: 'lignes',
            message: `Une feuille compte au plus ${MESURE_LIMITS.lignes} lignes.`,
            rule: 'max',
          },
        ])
      }
    }

    if (input.remarques !== undefined) mesure.remarques = input.remarques || null
    mesure.lockVersion += 1
    mesure.useTransaction(trx)
    await mesure.save()

    const etape = await lockEtape(trx, commandeId, 'mesurage')
    if (etape.statut === 'a_faire' || etape.statut === 'planifiee') {
      await setEtapeStatut(trx, actor, commandeId, 'mesurage', 'en_cours', 'Mesurage commencé')
    }
    return { lock_version: mesure.lockVersion, lignes: await lignesOf(mesure.id, trx) }
  })
}
