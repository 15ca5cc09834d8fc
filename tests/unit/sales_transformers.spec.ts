import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import DevisTransformer from '#transformers/sales/devis_transformer'
import DevisLigneTransformer from '#transformers/sales/devis_ligne_transformer'
import BdcTransformer from '#transformers/sales/bdc_transformer'
import CommandeTransformer from '#transformers/sales/commande_transformer'
import DemandePaiementTransformer from '#transformers/sales/demande_paiement_transformer'

const AT = DateTime.fromISO('2026-03-02T10:00:00.000+01:00')

test.group('Sales transformers (what the sales pages receive)', () => {
  test('a devis head carries its statut label', ({ assert }) => {
    const devis = new Devis().merge({ id: 7, numero: 'DEV-2026-0007', revision: 2 })
    devis.statut = 'envoye'
    assert.deepEqual(new DevisTransformer(devis).toObject(), {
      id: 7,
      numero: 'DEV-2026-0007',
      revision: 2,
      statut: 'envoye',
      statut_label: 'Envoyé',
    })
  })

  test('a line shows its prices, never the product behind it', ({ assert }) => {
    const ligne = new DevisLigne().merge({
      id: 3,
      type: 'produit',
      produitId: 12,
      designation: 'Châssis',
      quantite: '2.000',
      unite: 'pc',
      prixUnitaireHt: 10_000,
      remisePct: '0',
      tauxTva: 6,
      totalHt: 20_000,
    })
    const data = new DevisLigneTransformer(ligne).toObject()
    assert.equal(data.total_ht, 20_000)
    assert.notProperty(data, 'produit_id')
    assert.notProperty(data, 'produitId')
  })

  test('a bdc gives its signature details, not the stored file path', ({ assert }) => {
    const bdc = new Bdc().merge({
      id: 4,
      numero: 'BDC-2026-0004',
      signeLe: AT,
      signaturePath: 'signatures/4.png',
      createdAt: AT,
    })
    const data = new BdcTransformer(bdc).toObject()
    assert.equal(data.signature.signe_le, AT.toISO())
    assert.equal(data.created_at, AT.toISO())
    assert.notInclude(JSON.stringify(data), 'signatures/4.png')
  })

  test('a commande names its client from the copied name', ({ assert }) => {
    const commande = new Commande().merge({
      id: 5,
      numero: 'CMD-2026-0005',
      clientId: 9,
      clientNom: 'Dupont',
      finRetractation: null,
      createdAt: AT,
    })
    const data = new CommandeTransformer(commande).toObject()
    assert.deepEqual(data.client, { id: 9, nom: 'Dupont' })
    assert.isNull(data.fin_retractation)
  })

  test('a demande de paiement never gives its public id (the customer’s link)', ({ assert }) => {
    const demande = new DemandePaiement().merge({
      id: 6,
      numero: 'DP-2026-0006',
      publicId: 'b1946ac9-2f5e-4a1a-9a4f-8d1f1c7c0a11',
      montant: 50_000,
      lienExpireLe: AT,
    })
    const data = new DemandePaiementTransformer(demande).toObject()
    assert.equal(data.lien_expire_le, AT.toISO())
    assert.notInclude(JSON.stringify(data), 'b1946ac9')
  })

  test('the generated client types (.adonisjs/client/data.d.ts) list every sales transformer', async ({
    assert,
  }) => {
    const files = await readdir(app.makePath('app/transformers/sales'))
    const data = await readFile(app.makePath('.adonisjs/client/data.d.ts'), 'utf8')
    const transformers = files.filter((f) => f.endsWith('_transformer.ts'))
    assert.isAbove(transformers.length, 4)
    for (const file of transformers) {
      assert.include(
        data,
        `'#transformers/sales/${file.replace(/\.ts$/, '')}'`,
        'run `node ace serve` (or the tests) to regenerate'
      )
    }
  })
})
