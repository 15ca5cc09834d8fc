/*
 * Writes on the catalogue (form), each with its audit row. Products are never deleted: they
 * will be referenced by devis lines; « actif » off takes them out of the editors.
 */
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import { lockRecordVersion } from '#services/documents/optimistic_lock'
import Produit from '#models/produit'
import Societe from '#models/societe'
import { audit } from '#services/audit'
import type { ProduitValues } from '#validators/produit'
import type { SocieteOption } from '#shared/clients'
import { cachedByVersion } from '#services/cache/versioned_cache'

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

export async function updateProduit(
  actor: Actor,
  produit: Produit,
  values: ProduitValues,
  lockVersion: number | undefined
) {
  await db.transaction(async (trx) => {
    await lockRecordVersion(trx, produit, lockVersion, {
      label: `Le produit ${produit.reference}`,
      auditType: 'produit',
    })
    produit.useTransaction(trx)
    produit.merge(values)
    const changed = Object.keys(produit.$dirty).filter((k) => k !== 'lockVersion')
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

/** Kept while the societes table is unchanged (decision 542). */
export function fournisseurOptions(): Promise<SocieteOption[]> {
  return cachedByVersion('societes', 'fournisseurs', async () => {
    const rows = await Societe.query()
      .where('type', 'fournisseur')
      .select('id', 'nom')
      .orderBy('nom')
    return rows.map((s) => ({ id: s.id, nom: s.nom }))
  })
}
