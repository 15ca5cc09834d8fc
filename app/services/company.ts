import Societe from '#models/societe'

/**
 * The company that runs the app: the société of type `esi` (the first one, if the demo or an
 * import made several). It issues the documents, signs the emails and receives the payments.
 */
export async function companySociete(): Promise<Societe | null> {
  return Societe.query().where('type', 'esi').orderBy('id').first()
}
