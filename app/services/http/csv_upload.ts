import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'

/**
 * The uploaded CSV file of a form field, size and extension checked (ASVS 5.2.x), or the French
 * reason it is refused. Its content is checked by the business code that reads it.
 */
export async function readCsvUpload(
  request: HttpContext['request'],
  field: string,
  maxBytes: number
): Promise<{ buffer: Buffer } | { error: string }> {
  const file = request.file(field, { size: maxBytes, extnames: ['csv', 'txt'] })
  if (!file || !file.tmpPath) return { error: 'Choisissez un fichier CSV à importer.' }
  if (!file.isValid) {
    const type = file.errors[0]?.type
    if (type === 'size')
      return { error: 'Le fichier dépasse 2 Mo : découpez-le en plusieurs fichiers.' }
    if (type === 'extname') return { error: 'Le fichier doit être un .csv (séparateur « ; »).' }
    return { error: 'Le fichier n’a pas pu être lu.' }
  }
  return { buffer: await readFile(file.tmpPath) }
}
