/*
 * Parameters of the bank import routes for the route × role matrix: an imported statement with
 * one credit left to match, for its page and its line's actions.
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { systemActor } from '#services/actor'
import { importReleve } from '#services/paiements/releve_import'
import { camtStatement } from '#tests/functional/releves/statements'

export const releveParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^esi\.paiements\.import\.(show|rapprocher|ignorer|retablir)$/.test(route.name ?? ''),
    params: async (route) => {
      const ref = randomUUID()
      const camt = camtStatement(
        [{ ref, montant: 12345, date: '2025-03-14', nom: 'Payeur inconnu', libre: 'merci' }],
        { id: ref }
      )
      const { releveId } = await importReleve(systemActor(), {
        fileName: 'extrait.xml',
        bytes: Buffer.from(camt, 'utf8'),
        userId: null,
      })
      const ligne = await db.from('releve_lignes').where('releve_id', releveId!).firstOrFail()
      return { id: route.name === 'esi.paiements.import.show' ? releveId! : ligne.id }
    },
  },
]
