/*
 * Writes on the catalogue (form), each with its audit row. Products are never deleted: they
 * will be referenced by devis lines; « actif » off takes them out of the editors.
 */
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import Produit from '#models/produit'
import Societe from '#models/societe'
import { audit } from '#services/audit'
import type { ProduitValues } from '#validators/produit'
import type { SocieteOption } from '#shared/clients'

export async function createProduit(actor: Actor, values: ProduitValues) {
  return db.transaction(async (trx) => {
    const produit = await Produit.create(values, { client: trx })
    await audit(
      actor,
      { action: 'produit.created', subjectType: 'produit', subjectId: produit.id },
      trx
    )
    return produit
  })
}

export async function updateProduit(actor: Actor, produit: Produit, values: ProduitValues) {
  await db.transaction(async (trx) => {
    produit.useTransaction(trx)
    produit.merge(values)
    const changed = Object.keys(produit.$dirty)
    await produit.save()
    await audit(
      actor,
      {
        action: 'produit.updated',
        subjectType: 'produit',
        subjectId: produit.id,
        after: { changed },
      },
      trx
    )
  })
}

export async function fournisseurOptions(): Promise<SocieteOption[]> {
  const rows = await Societe.query().where('type', 'fournisseur').select('id', 'nom').orderBy('nom')
  return rows.map((s) => ({ id: s.id, nom: s.nom }))
}
