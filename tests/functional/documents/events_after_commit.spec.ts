/*
 * Events after commit (app/services/events.ts): a notification or a mail exists once the
 * transaction that made the change has committed, and never after a rollback — also through the
 * services that change a statut.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import Notification from '#models/notification'
import DevisMail from '#mails/devis_mail'
import { systemActor } from '#services/actor'
import { afterCommit, dispatchMail, notify } from '#services/events'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo } from '#tests/auth_helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { insertDevis, produit } from '#tests/functional/document_helpers'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { makeEsiSociete } from '#tests/functional/pdf/helpers'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signBdc } from '#services/commandes/sign_bdc'
import { createAndSendDemande } from '#services/paiement/demande_mail'

const mailTo = (email: string) =>
  new DevisMail({ email, name: 'Client' }, `Essai ${email}`, 'Bonjour', null)

async function notificationsOf(userId: number) {
  return Notification.query().where('user_id', userId)
}

test.group('Events after commit', (group) => {
  withTransaction(group)

  test('a notification and a mail appear after the commit, not before', async ({ assert }) => {
    const user = await makeUser('esi')
    const email = `${randomUUID()}@example.be`
    let during: number | null = null
    const delivery = await db.transaction(async (trx) => {
      await notify(trx, {
        userIds: [user.id],
        type: 'test',
        titre: 'Essai',
        lien: '/dashboard',
        icon: 'bi bi-bell',
      })
      const sent = await dispatchMail(trx, async () => mailTo(email))
      const seen = await notificationsOf(user.id)
      during = seen.length
      assert.isNull(sent.sent)
      return sent
    })
    assert.equal(during, 0)
    assert.lengthOf(await notificationsOf(user.id), 1)
    assert.isTrue(delivery.sent)
    assert.isNotNull(await lastMailTo(email))
  })

  test('a rollback skips them', async ({ assert }) => {
    const user = await makeUser('esi')
    const email = `${randomUUID()}@example.be`
    let ran = false
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await notify(trx, {
          userIds: [user.id],
          type: 'test',
          titre: 'Essai',
          lien: '/dashboard',
          icon: 'bi bi-bell',
        })
        await dispatchMail(trx, async () => mailTo(email))
        await afterCommit(trx, () => {
          ran = true
        })
        throw new Error('rollback')
      })
    )
    assert.isFalse(ran)
    assert.lengthOf(await notificationsOf(user.id), 0)
    assert.isNull(await lastMailTo(email))
  })

  test('without a transaction the task runs at once; the actor is not notified', async ({
    assert,
  }) => {
    const user = await makeUser('esi')
    await notify(null, {
      userIds: [user.id, user.id],
      type: 'test',
      titre: 'Essai',
      lien: '/dashboard',
      icon: 'bi bi-bell',
    })
    assert.lengthOf(await notificationsOf(user.id), 1)
    await notify(null, {
      userIds: [user.id],
      exceptUserId: user.id,
      type: 'test',
      titre: 'Essai',
      lien: '/dashboard',
      icon: 'bi bi-bell',
    })
    assert.lengthOf(await notificationsOf(user.id), 1)
  })
})

test.group('Events after commit / through the services', (group) => {
  withTransaction(group)

  test('the commercial hears of an acceptance made by another; not of a rolled back one', async ({
    assert,
  }) => {
    const commercial = await makeUser('esi')
    const other = await makeUser('esi')
    const client = await ClientFactory.create()
    const { devis: draft } = await insertDevis(
      {
        clientId: client.idClient,
        clientNom: client.nom,
        commercialId: commercial.id,
        objet: 'Véranda',
        acomptePct: '30',
      },
      [produit('Châssis', 100_000, 21, '1')]
    )
    // Sent by the commercial himself: nobody to tell
    const { devis } = await changeDevisStatut(systemActor(commercial), {
      devisId: draft.id,
      to: 'envoye',
      lockVersion: draft.lockVersion,
      userId: commercial.id,
    })
    assert.lengthOf(await notificationsOf(commercial.id), 0)

    const accept = () =>
      changeDevisStatut(systemActor(other), {
        devisId: devis.id,
        to: 'accepte',
        lockVersion: devis.lockVersion,
        userId: other.id,
      })
    await db.rawQuery(
      `CREATE FUNCTION test_fail_accept_audit() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`
    )
    await db.rawQuery(
      `CREATE TRIGGER test_fail_accept_audit BEFORE INSERT ON audit_logs FOR EACH ROW
       WHEN (NEW.action = 'devis.accepte') EXECUTE FUNCTION test_fail_accept_audit()`
    )
    try {
      await assert.rejects(accept)
    } finally {
      await db.rawQuery('DROP TRIGGER test_fail_accept_audit ON audit_logs')
      await db.rawQuery('DROP FUNCTION test_fail_accept_audit()')
    }
    assert.lengthOf(await notificationsOf(commercial.id), 0)

    const { bdc } = await accept()
    const [news] = await notificationsOf(commercial.id)
    assert.include(news.titre, `bon de commande ${bdc!.numero} à faire signer`)
    assert.equal(news.lien, `/esi/bdc/${bdc!.id}`)
    assert.lengthOf(await notificationsOf(other.id), 0)
  })

  test('a signed bdc tells its commercial the commande exists', async ({ assert }) => {
    const commercial = await makeUser('esi')
    const other = await makeUser('esi')
    const bdc = await makeBdc({ user: commercial })
    const decoded = decodeDrawnSignature(DRAWN)
    if ('error' in decoded) throw new Error(decoded.error)
    const { commande } = await signBdc(systemActor(other), {
      bdcId: bdc.id,
      lockVersion: bdc.lockVersion,
      signataire: 'Anne Lambert',
      lieu: 'etablissement',
      signatureType: 'dessin',
      signaturePath: await storeDrawnSignature(decoded.bytes),
      signatureMime: 'image/png',
      renonciation: false,
      userId: other.id,
    })
    const [news] = await notificationsOf(commercial.id)
    assert.include(news.titre, `commande ${commande.numero} créée`)
    assert.equal(news.lien, `/esi/commandes/${commande.id}`)
  })

  test('the demande de paiement mail leaves after the commit, never after a rollback', async ({
    assert,
  }) => {
    await makeEsiSociete()
    const user = await makeUser('esi')
    const bdc = await makeBdc({ user })
    const email = `${randomUUID()}@example.be`
    await db.rawQuery(
      `CREATE FUNCTION test_fail_dp_audit() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'audit refused'; END $$ LANGUAGE plpgsql`
    )
    await db.rawQuery(
      `CREATE TRIGGER test_fail_dp_audit BEFORE INSERT ON audit_logs FOR EACH ROW
       WHEN (NEW.action = 'demande_paiement.creee') EXECUTE FUNCTION test_fail_dp_audit()`
    )
    const input = { bdcId: bdc.id, montant: 1000, email, lockVersion: bdc.lockVersion }
    try {
      await assert.rejects(() =>
        createAndSendDemande(systemActor(user), { ...input, userId: user.id })
      )
    } finally {
      await db.rawQuery('DROP TRIGGER test_fail_dp_audit ON audit_logs')
      await db.rawQuery('DROP FUNCTION test_fail_dp_audit()')
    }
    assert.isNull(await lastMailTo(email))

    const { demande, mailSent } = await createAndSendDemande(systemActor(user), {
      ...input,
      userId: user.id,
    })
    assert.isTrue(mailSent)
    const mail = await lastMailTo(email)
    assert.isNotNull(mail)
    assert.include(mail!.subject, demande.numero)
  })
})
