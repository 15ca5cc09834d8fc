/*
 * Demo bank import (issue 11 §3): one CAMT.053 statement of the company's account from two days
 * ago, imported by the real service as the upload page does. The overdue SAV client paid two
 * instalments with the facture's structured communication (matched automatically: the facture
 * stays partly paid and overdue for the créances demo), another client's transfer has only a
 * free text (left « à rapprocher » by hand) and the bank's fees are a debit.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import Client from '#models/client'
import { systemActor } from '#services/actor'
import { camtStatement, type Movement } from '#services/compta/bank_import/camt_writer'
import { importReleve } from '#services/paiements/releve_import'
import { OPEN_FACTURE_SQL } from '#services/creances/creance_list'
import { clientDisplayName } from '#shared/clients'
import { TIME_ZONE } from '#shared/app'

export async function seedDemoBanque(trx: TransactionClientContract, base: DemoBase) {
  const day = DateTime.now().setZone(TIME_ZONE).minus({ days: 2 }).toISODate()!
  const compact = day.replaceAll('-', '')
  const sav = await trx
    .from('factures')
    .whereRaw(OPEN_FACTURE_SQL)
    .where('type', 'libre')
    .orderBy('id')
    .first()
  const savClient = sav ? await Client.findOrFail(sav.client_id, { client: trx }) : null
  const other = await Client.query({ client: trx })
    .where('type', 'particulier')
    .if(savClient, (q) => q.whereNot('id_client', savClient!.idClient))
    .orderBy('id_client')
    .first()

  const movements: Movement[] = []
  if (sav && savClient) {
    const payer = clientDisplayName(savClient).toUpperCase()
    for (const [i, montant] of [10000, 5000].entries()) {
      movements.push({
        ref: `${compact}-00${i + 1}`,
        montant,
        date: day,
        nom: payer,
        iban: 'BE78310098765486',
        communication: sav.communication,
      })
    }
  }
  movements.push(
    {
      ref: `${compact}-003`,
      montant: 35000,
      date: day,
      nom: other ? clientDisplayName(other).toUpperCase() : 'M. PIRET',
      iban: 'BE28143045678920',
      libre: 'Acompte veranda selon devis',
    },
    {
      ref: `${compact}-004`,
      montant: -1250,
      date: day,
      nom: 'BNP Paribas Fortis',
      iban: 'BE52679022233309',
      libre: 'Frais de tenue de compte',
    }
  )
  // The company's own account (demo accounts.ts)
  const xml = camtStatement(movements, {
    id: `${day.slice(0, 4)}-${compact.slice(4)}`,
    iban: 'BE68539007547034',
  })
  return importReleve(
    systemActor(base.users.esi),
    { fileName: `extrait_${day}.xml`, bytes: Buffer.from(xml, 'utf8'), userId: base.users.esi.id },
    trx
  )
}
