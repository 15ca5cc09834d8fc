import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'

/** Demo devis, offres, bons de commande, commandes and demandes de paiement (issue 5). */
export async function seedDemoSales(_trx: TransactionClientContract, _base: DemoBase) {}
