import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Societe from '#models/societe'

/**
 * The company that runs the app: the société of type `esi` (the first one, if the demo or an
 * import made several). It issues the documents, signs the emails and receives the payments.
 */
export async function companySociete(client?: QueryClientContract): Promise<Societe | null> {
  // Inside a transaction, pass it: a second pool connection per transaction exhausts the pool
  // under concurrency (every connection held by a transaction waiting for one more)
  return Societe.query({ client }).where('type', 'esi').orderBy('id').first()
}
