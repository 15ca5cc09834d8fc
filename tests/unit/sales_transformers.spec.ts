import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import BdcLigne from '#models/bdc_ligne'
import Client from '#models/client'
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

  test('the bdc Show page: a client block instead of the copied name, dates as the page shows them', ({
    assert,
  }) => {
    const bdc = new Bdc().merge({
      id: 4,
      numero: 'BDC-2026-0004',
      clientId: 9,
      clientNom: '',
      finRetractation: DateTime.fromISO('2026-03-16'),
      createdAt: AT,
    })
    const client = new Client().merge({
      idClient: 9,
      civilite: 'M.',
      prenom: 'Jean',
      nom: 'Dupont',
      facturationRue: 'Rue Haute 1',
      facturationCodePostal: '1000',
      facturationLocalite: 'Bruxelles',
    })
    const ligne = new BdcLigne().merge({ id: 1, type: 'produit', produitId: 12, totalHt: 500 })
    const demande = new DemandePaiement().merge({ id: 2, publicId: 'b1946ac9', lienExpireLe: AT })
    bdc.$setRelated('client', client)
    bdc.$setRelated('commercial', null)
    bdc.$setRelated('lignes', [ligne])
    bdc.$setRelated('demandesPaiement', [demande])
    const data = new BdcTransformer(bdc).forDetail(null, null)
    assert.notProperty(data, 'client_id')
    assert.notProperty(data, 'client_nom')
    assert.deepEqual(data.client, {
      id: 9,
      nom: 'M. Jean Dupont',
      email: null,
      telephone: null,
      adresse: ['Rue Haute 1', '1000 Bruxelles'],
    })
    assert.equal(data.signature.fin_retractation, '2026-03-16')
    assert.isNull(data.devis_numero)
    assert.isNull(data.commande)
    assert.notProperty(data.lignes[0], 'produit_id')
    assert.notInclude(JSON.stringify(data), 'b1946ac9')
  })

  test('a bdc list row and a commande Show page keep their own shapes', ({ assert }) => {
    const bdc = new Bdc().merge({ id: 4, numero: 'BDC-2026-0004', signeLe: AT, createdAt: AT })
    bdc.$extras.commande_id = 8
    const row = new BdcTransformer(bdc).forList()
    assert.equal(row.signe_le, AT.toISO())
    assert.equal(row.commande_id, 8)
    assert.notProperty(row, 'signature')

    const commande = new Commande().merge({
      id: 5,
      numero: 'CMD-2026-0005',
      bdcId: 4,
      finRetractation: DateTime.fromISO('2026-03-16'),
      createdAt: AT,
    })
    commande.$setRelated('chefProjet', null)
    const data = new CommandeTransformer(commande).forDetail(bdc)
    assert.equal(data.fin_retractation, '2026-03-16')
    assert.notProperty(data, 'bdc_id')
    assert.deepInclude(data.bdc, { id: 4, numero: 'BDC-2026-0004', signe_le: AT.toISO() })
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
