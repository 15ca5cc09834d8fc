import factory from '@adonisjs/lucid/factories'
import Produit from '#models/produit'

export const ProduitFactory = factory
  .define(Produit, ({ faker }) => ({
    reference: `P-${faker.string.alphanumeric({ length: 8, casing: 'upper' })}`,
    libelle: faker.commerce.productName(),
    unite: 'piece' as const,
    prixAchat: 10000,
    prixVenteHt: 15000,
    tauxTva: 21 as const,
    categorie: 'Châssis',
    actif: true,
  }))
  .build()
