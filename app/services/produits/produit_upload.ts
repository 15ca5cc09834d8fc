/*
 * A catalogue import from the content of an uploaded file (read by app/services/http/csv_upload.ts):
 * content checked (ASVS 5.2.x), decoded, imported, audited. Answers a status and a JSON body
 * in French.
 */
import type { Actor } from '#services/actor'
import { decodeCsv } from '#services/csv'
import { audit } from '#services/audit'
import { importProduits } from '#services/produits/produit_import'

export const reject = (message: string) => ({ status: 422, body: { message, errors: [] } })

export async function importCatalogueCsv(actor: Actor, buffer: Buffer) {
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
  await audit(actor, {
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
