/*
 * Writes on clients: create, update, delete, each with its audit row in the same transaction.
 */
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import { lockRecordVersion } from '#services/documents/optimistic_lock'
import { AppException } from '#exceptions/http_exceptions'
import type { Infer } from '@vinejs/vine/types'
import Client from '#models/client'
import Societe from '#models/societe'
import { audit } from '#services/audit'
import type { clientValidator } from '#validators/client'
import { clientDisplayName, type SocieteOption } from '#shared/clients'
import { cachedByVersion } from '#services/cache/versioned_cache'

export type ClientInput = Infer<typeof clientValidator>

/** Only the validated fields reach the model (no mass assignment of id or timestamps). */
function attributes(data: ClientInput): Partial<Client> {
  const professional = data.type === 'professionnel'
  return {
    type: data.type,
    civilite: data.civilite ?? null,
    nom: data.nom,
    prenom: data.prenom ?? null,
    // A private customer has no société nor VAT number: kept out rather than silently stored
    societe: professional ? (data.societe ?? null) : null,
    numeroTva: professional ? (data.numero_tva ?? null) : null,
    email: data.email ?? null,
    telephone: data.telephone ?? null,
    gsm: data.gsm ?? null,
    facturationRue: data.facturation_rue ?? null,
    facturationCodePostal: data.facturation_code_postal ?? null,
    facturationLocalite: data.facturation_localite ?? null,
    facturationPays: data.facturation_pays ?? 'BE',
    chantierRue: data.chantier_rue ?? null,
    chantierCodePostal: data.chantier_code_postal ?? null,
    chantierLocalite: data.chantier_localite ?? null,
    chantierLat: (data.chantier_lat as number | null | undefined) ?? null,
    chantierLng: (data.chantier_lng as number | null | undefined) ?? null,
    apporteurId: data.apporteur_id ?? null,
    notes: data.notes ?? null,
    delaiPaiementJours: data.delai_paiement_jours ?? null,
  }
}

export async function createClient(actor: Actor, data: ClientInput): Promise<Client> {
  return db.transaction(async (trx) => {
    const client = await Client.create(attributes(data), { client: trx })
    await audit(
      actor,
      { action: 'client.created', subjectType: 'client', subjectId: client.idClient },
      trx
    )
    return client
  })
}

export async function updateClient(actor: Actor, client: Client, data: ClientInput) {
  await db.transaction(async (trx) => {
    await lockRecordVersion(trx, client, data.lock_version, {
      label: `Le client n° ${client.idClient}`,
      auditType: 'client',
    })
    client.useTransaction(trx)
    client.merge(attributes(data))
    const changed = Object.keys(client.$dirty).filter((k) => k !== 'lockVersion')
    await client.save()
    // The devis list sorts and searches on a copy of the client's name: keep it current.
    // (Bons de commande and commandes keep the name they were made with.)
    await trx
      .from('devis')
      .where('client_id', client.idClient)
      .update({ client_nom: clientDisplayName(client).slice(0, 300) })
    await audit(
      actor,
      {
        action: 'client.updated',
        subjectType: 'client',
        subjectId: client.idClient,
        after: { changed },
      },
      trx
    )
  })
}

/** Deleted for good (docs/DECISIONS.md): documents that will point to it will refuse this. */
export async function deleteClient(actor: Actor, client: Client) {
  await db.transaction(async (trx) => {
    // Devis, bons de commande and commandes keep their client (foreign keys RESTRICT): say why
    const [row] = await trx.from('devis').where('client_id', client.idClient).count('* as n')
    if (Number(row.n) > 0) {
      throw new AppException(
        `Le client n° ${client.idClient} a des devis : il ne peut pas être supprimé (annulez ses devis, ils restent dans l’historique).`,
        { status: 422 }
      )
    }
    client.useTransaction(trx)
    const before = { type: client.type }
    await client.delete()
    await audit(
      actor,
      { action: 'client.deleted', subjectType: 'client', subjectId: client.idClient, before },
      trx
    )
  })
}

/** Pro sociétés that may be a client's apporteur, by name. */
/** Kept while the societes table is unchanged (decision 542). */
export function apporteurOptions(): Promise<SocieteOption[]> {
  return cachedByVersion('societes', 'apporteurs', async () => {
    const rows = await Societe.query().where('type', 'pro').select('id', 'nom').orderBy('nom')
    return rows.map((s) => ({ id: s.id, nom: s.nom }))
  })
}
