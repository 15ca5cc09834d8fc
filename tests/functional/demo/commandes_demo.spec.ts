/*
 * The demo commandes tell one story (decision 420, database/demo/commandes_story.ts): seeded in a
 * transaction rolled back after the test, every commande's started or done steps are behind an
 * open gate (the shared gateReason over commandeGateFacts), its steps agree with its documents,
 * and every situation the office manager expects is there at least once.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { seedDemo } from '#database/demo/index'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import { ETAPES, gateReason } from '#shared/commande_etapes'

test.group('Demo / commandes story', (group) => {
  withTransaction(group)

  test('every commande coherent, every situation present', async ({ assert }) => {
    const trx = await db.beginGlobalTransaction()
    await seedDemo(trx)
    const commandes = await db.from('commandes').orderBy('id')
    const seen = new Set<string>()
    const today = new Date().toISOString().slice(0, 10)
    for (const c of commandes) {
      const facts = await commandeGateFacts(trx, c.id)
      const e = facts.etapes
      const cfs = await db.from('commandes_fournisseur').where('commande_id', c.id)
      const mesure = await db.from('mesures').where('commande_id', c.id).first()
      const pv = await db
        .from('receptions')
        .where('commande_id', c.id)
        .orderBy('id', 'desc')
        .first()
      const reserves = pv
        ? await db.from('reception_reserves').where('reception_id', pv.id).whereNull('levee_le')
        : []
      const avenants = await db.from('avenants').where('commande_id', c.id)
      const lignes = await db
        .from('commande_fournisseur_lignes as l')
        .join('commandes_fournisseur as f', 'f.id', 'l.commande_fournisseur_id')
        .where('f.commande_id', c.id)
        .select('l.*')
      const endommagees = await db
        .from('livraison_lignes as ll')
        .join('livraisons as lv', 'lv.id', 'll.livraison_id')
        .join('commandes_fournisseur as f', 'f.id', 'lv.commande_fournisseur_id')
        .where({ 'f.commande_id': c.id, 'll.etat': 'endommage' })
      const label = `${c.numero} ${JSON.stringify(e)}`

      if (c.statut === 'annulee') {
        seen.add('retractee')
        const nc = await db
          .from('notes_credit as n')
          .join('factures as f', 'f.id', 'n.facture_id')
          .where('f.commande_id', c.id)
          .whereNotNull('n.numero')
        assert.isAtLeast(nc.length, 1, `${label}: its acompte credited`)
        const rembourse = await db
          .from('paiements')
          .where('client_id', c.client_id)
          .where('montant', '<', 0)
        assert.isAtLeast(rembourse.length, 1, `${label}: its acompte refunded`)
        continue
      }
      // No step started or done past a closed gate (gates are checked on start)
      for (const etape of ETAPES) {
        if (e[etape] === 'en_cours' || e[etape] === 'faite') {
          assert.isNull(gateReason(etape, facts), `${label}: ${etape}`)
        }
      }
      // The steps agree with the documents
      if (cfs.length) {
        assert.equal(mesure?.statut, 'validee', `${label}: supplier orders need a sheet`)
        assert.isAtLeast(facts.acomptePaye!, facts.acompteDu!, `${label}: acompte paid`)
      }
      if (e.pose === 'faite') {
        assert.isTrue(lignes.length > 0, `${label}: goods`)
        assert.isTrue(pv && pv.signee_le && reserves.length === 0, `${label}: PV signed`)
      }
      if (e.solde === 'faite') assert.equal(e.pose, 'faite', `${label}: solde after the pose`)
      if (pv && reserves.length) {
        assert.equal(e.pose, 'en_cours', label)
        assert.notEqual(e.solde, 'faite', label)
        seen.add('pv_reserve')
      }

      // The situations
      if (e.acompte !== 'faite') seen.add('acompte_attendu')
      if (e.retractation === 'en_cours' && c.fin_retractation) seen.add('retractation')
      if (e.mesurage === 'planifiee') seen.add('mesurage_planifie')
      if (e.mesurage === 'en_cours' && mesure?.statut === 'brouillon') seen.add('mesurage_moitie')
      if (e.mesurage === 'bloquee' && mesure?.statut === 'validee') seen.add('ecarts')
      if (avenants.some((a) => a.statut === 'signe')) seen.add('avenant_signe')
      if (
        e.mesurage === 'faite' &&
        !cfs.length &&
        e.approvisionnement === 'a_faire' &&
        gateReason('approvisionnement', facts) === null
      )
        seen.add('a_commander')
      if (cfs.some((f) => f.envoyee_le)) seen.add('cf_envoyees')
      if (
        cfs.some(
          (f) =>
            f.date_livraison_confirmee &&
            new Date(f.date_livraison_confirmee).toISOString().slice(0, 10) < today &&
            e.fourniture !== 'faite'
        )
      )
        seen.add('cf_en_retard')
      if (e.fourniture === 'en_cours' && endommagees.length > 0) seen.add('reception_partielle')
      if (e.pose === 'planifiee' && e.fourniture === 'faite') seen.add('pose_planifiee')
      if (c.statut === 'terminee') seen.add('terminee')
    }
    for (const s of [
      'acompte_attendu',
      'retractation',
      'mesurage_planifie',
      'mesurage_moitie',
      'ecarts',
      'avenant_signe',
      'a_commander',
      'cf_envoyees',
      'cf_en_retard',
      'reception_partielle',
      'pose_planifiee',
      'pv_reserve',
      'terminee',
      'retractee',
    ]) {
      assert.isTrue(seen.has(s), s)
    }
    assert.isAtLeast(commandes.filter((c) => c.statut === 'terminee').length, 2)

    // Issue 14 §4: work photos for the gallery, some of them publique for the portfolio
    const photos = await trx.from('commande_fichiers').where('kind', 'photo').select('publique')
    assert.isAtLeast(photos.filter((p) => p.publique).length, 2)
    assert.isAtLeast(photos.filter((p) => !p.publique).length, 2)
  }).timeout(120_000)
})
