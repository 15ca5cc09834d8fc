// The devis row locked at the version the user saw (409 otherwise), with the client a save names.
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Client from '#models/client'
import Devis from '#models/devis'
import User from '#models/user'
import { checkVersion } from '#services/documents/optimistic_lock'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'

export async function findClient(id: number, trx: TransactionClientContract): Promise<Client> {
  const client = await Client.find(id, { client: trx })
  // The validator checked it; deleted in between → the same French message
  if (!client) throw new TransitionException(CLIENT_GONE)
  return client
}

const CLIENT_GONE = 'Ce client n’existe pas (ou plus) : choisissez-en un autre.'

/**
 * Locks the devis row (FOR UPDATE, held until the transaction ends) and checks the version the
 * user saw: 409 with who/when otherwise, nothing written.
 */
export async function lockDevisForUpdate(
  trx: TransactionClientContract,
  devisId: number,
  lockVersion: number
): Promise<Devis> {
  const devis = await Devis.query({ client: trx }).where('id', devisId).forUpdate().first()
  if (!devis) throw new NotFoundException()
  await checkDevisVersion(trx, devis, lockVersion)
  return devis
}

/** What a save reads of the client it names (his name on the devis, his apporteur). */
export type SaveClient = Pick<
  Client,
  'idClient' | 'apporteurId' | 'type' | 'civilite' | 'nom' | 'prenom' | 'societe'
>
const SAVE_CLIENT_COLUMNS = [
  'id_client',
  'apporteur_id',
  'type',
  'civilite',
  'nom',
  'prenom',
  'societe',
]

/**
 * lockDevisForUpdate and the client the input names in one statement (the save's, decision
 * 671): only the devis row is locked (FOR UPDATE OF devis), as before.
 */
export async function lockDevisWithClient(
  trx: TransactionClientContract,
  devisId: number,
  lockVersion: number,
  clientId: number
): Promise<{ devis: Devis; client: SaveClient }> {
  const devis = await Devis.query({ client: trx })
    .select('devis.*')
    .select(SAVE_CLIENT_COLUMNS.map((c) => `c.${c} as c__${c}`))
    .joinRaw('LEFT JOIN clients AS c ON c.id_client = ?', [clientId])
    .where('devis.id', devisId)
    .forUpdate('devis')
    .first()
  if (!devis) throw new NotFoundException()
  await checkDevisVersion(trx, devis, lockVersion)
  const row = devis.$extras
  if (row.c__id_client === null) throw new TransitionException(CLIENT_GONE)
  const client: SaveClient = {
    idClient: Number(row.c__id_client),
    apporteurId: row.c__apporteur_id,
    type: row.c__type,
    civilite: row.c__civilite,
    nom: row.c__nom,
    prenom: row.c__prenom,
    societe: row.c__societe,
  }
  return { devis, client }
}

/** 409 with who and when unless the devis is at the version the user saw. */
async function checkDevisVersion(
  trx: TransactionClientContract,
  devis: Devis,
  lockVersion: number
): Promise<void> {
  await checkVersion(devis, lockVersion, async () => {
    const editor = devis.updatedBy ? await User.find(devis.updatedBy, { client: trx }) : null
    return {
      label: devis.numero ? `Le devis ${devis.numero}` : 'Ce devis',
      by: editor?.name ?? null,
      at: devis.updatedAt,
    }
  })
}
