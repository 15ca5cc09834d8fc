/*
 * The uploaded file of a catalogue import: size, extension and content checked (ASVS 5.2.x),
 * decoded, imported, audited. Answers a status and a JSON body in French.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import { decodeCsv } from '#services/csv'
import { audit } from '#services/audit'
import { IMPORT_MAX_BYTES, importProduits } from '#services/produits/produit_import'

const reject = (message: string) => ({ status: 422, body: { message, errors: [] } })

export async function importUploadedCsv(ctx: HttpContext) {
  const file = ctx.request.file('fichier', { size: IMPORT_MAX_BYTES, extnames: ['csv', 'txt'] })
  if (!file || !file.tmpPath) return reject('Choisissez un fichier CSV à importer.')
  if (!file.isValid) {
    const type = file.errors[0]?.type
    if (type === 'size')
      return reject('Le fichier dépasse 2 Mo : découpez-le en plusieurs fichiers.')
    if (type === 'extname') return reject('Le fichier doit être un .csv (séparateur « ; »).')
    return reject('Le fichier n’a pas pu être lu.')
  }
  const buffer = await readFile(file.tmpPath)
  // No magic number for CSV: refuse what is clearly not text (xlsx/zip, binaries)
  const head = buffer.subarray(0, 8192)
  if (head.subarray(0, 2).toString('latin1') === 'PK' || head.includes(0)) {
    return reject(
      'Ce fichier n’est pas un CSV (un classeur Excel ?) : enregistrez-le au format « CSV UTF-8 ».'
    )
  }

  const result = await importProduits(decodeCsv(buffer))
  if (!result.ok) {
    const n = result.errors.length
    return {
      status: 422,
      body: {
        message: `Import refusé : ${n} ligne${n > 1 ? 's' : ''} en erreur. Aucun produit n’a été importé.`,
        errors: result.errors,
      },
    }
  }
  await audit(ctx, {
    action: 'produit.imported',
    subjectType: 'produit',
    after: { created: result.created, updated: result.updated },
  })
  return {
    status: 200,
    body: {
      message: `Import terminé : ${result.created} produit(s) ajouté(s), ${result.updated} mis à jour.`,
      created: result.created,
      updated: result.updated,
    },
  }
}
