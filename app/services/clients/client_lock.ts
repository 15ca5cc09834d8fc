import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * Locks the client's row: every change of a client's money (payment, allocation, issuing a
 * facture or a note de crédit) takes it first, so they queue per client in one order and the
 * client_soldes row their triggers update never makes two of them wait on each other
 * (decision 263).
 */
export async function lockClient(trx: TransactionClientContract, clientId: number) {
  const row = await trx.from('clients').where('id_client', clientId).forUpdate().first()
  if (!row) throw new NotFoundException()
}
