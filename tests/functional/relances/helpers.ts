/*
 * Helpers of the relance tests: a client with a fresh address (the test mailbox is shared by
 * the run), an issued facture `late` days past its due date, and a relance recorded on a chosen
 * day as if sent then (to reach levels 2 and 3 without waiting).
 */
import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import Client from '#models/client'
import Relance from '#models/relance'
import type Facture from '#models/facture'
import { ClientFactory } from '#database/factories/client_factory'
import { factureLate } from '#tests/functional/creances/helpers'
import { demoCompany } from '#tests/functional/factures/helpers'
import type { RelanceNiveau } from '#shared/relances'

export const uniqueEmail = () => `relance-${randomBytes(6).toString('hex')}@example.com`

export async function lateFacture(
  late: number,
  opts: { professionnel?: boolean; email?: string | null; htCents?: number } = {}
): Promise<{ facture: Facture; client: Client }> {
  await demoCompany()
  const builder = opts.professionnel ? ClientFactory.apply('professionnel') : ClientFactory
  const client = await builder
    .merge({ nom: 'Lemaire', email: opts.email === undefined ? uniqueEmail() : opts.email })
    .create()
  const facture = await factureLate(client, late, opts.htCents)
  return { facture, client }
}

/** A relance of that level recorded as sent on `day` (by letter: no mail). */
export async function recorded(facture: Facture, niveau: RelanceNiveau, day: string) {
  return Relance.create({
    factureId: facture.id,
    niveau,
    dateRelance: DateTime.fromISO(day),
    canal: 'courrier',
    envoyePar: null,
    mailEnvoye: null,
    destinataire: null,
    joursRetard: 10,
    reste: facture.totalTtc,
    interets: 0,
    indemnite: 0,
    tauxInteret: null,
    objet: `Relance ${niveau}`,
    texte: 'Texte',
    mentionLegale: 'Mention',
  })
}

export async function relancesOf(facture: Facture) {
  return Relance.query().where('facture_id', facture.id).orderBy('niveau')
}

export { Client }
