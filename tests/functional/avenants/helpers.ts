/*
 * Helpers of the avenant tests: a signed bdc with its commande (bdc helpers: a section, 2
 * windows at 450 € −10 % at 6 %, a door at 1 800 € at 21 %, acompte 30 %), its measurement sheet
 * validated with or without écarts (database/demo/avenants.ts), the avenant prepared, presented
 * and signed through the services.
 */
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import Avenant from '#models/avenant'
import { systemActor } from '#services/actor'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { mesureAvecEcarts } from '#database/demo/avenants'
import { changeAvenantStatut } from '#services/avenants/avenant_service'
import { prepareAvenant } from '#services/avenants/avenant_brouillon'
import { signAvenant } from '#services/avenants/avenant_signature'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { DRAWN } from '#tests/functional/bdc/helpers'

export async function commandeAvecEcarts(options: { ecarts?: boolean; validee?: boolean } = {}) {
  const { bdc, commande } = await signedBdc()
  await mesureAvecEcarts(db.connection(), commande.id, options)
  return { bdc: await bdc.refresh(), commande: await commande.refresh() }
}

export async function preparedAvenant() {
  const made = await commandeAvecEcarts()
  const avenant = await prepareAvenant(systemActor(), {
    commandeId: made.commande.id,
    userId: null,
  })
  return { ...made, avenant }
}

export async function presentedAvenant() {
  const made = await preparedAvenant()
  const avenant = await changeAvenantStatut(systemActor(), {
    commandeId: made.commande.id,
    avenantId: made.avenant.id,
    lockVersion: made.avenant.lockVersion,
    transition: 'presenter',
    userId: null,
  })
  return { ...made, avenant }
}

export async function signedAvenant() {
  const made = await presentedAvenant()
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  await signAvenant(systemActor(), {
    commandeId: made.commande.id,
    avenantId: made.avenant.id,
    lockVersion: made.avenant.lockVersion,
    signataire: 'Anne Lambert',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    userId: null,
  })
  return { ...made, avenant: await Avenant.findOrFail(made.avenant.id) }
}

export async function post(
  client: ApiClient,
  user: User,
  url: string,
  form: Record<string, unknown> = {}
) {
  return client
    .post(url)
    .loginAs(user)
    .header('referer', url)
    .json(form)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

/** The same request as an API caller: the refusal comes back as its status and message. */
export async function postJson(
  client: ApiClient,
  user: User,
  url: string,
  form: Record<string, unknown> = {}
) {
  return client.post(url).loginAs(user).accept('json').json(form).withCsrfToken().redirects(0)
}

export async function etapeStatut(commandeId: number, etape = 'mesurage'): Promise<string> {
  const row = await db.from('commande_etapes').where({ commande_id: commandeId, etape }).first()
  return row.statut
}
