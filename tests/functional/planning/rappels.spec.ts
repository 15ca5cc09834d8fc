/*
 * Issue 13 §5: the customer's reminder the day before a visit (decision 463), through the real
 * queue (@adonisjs/queue; the sync driver in tests runs a dispatched job at once): one email per
 * visit even when the job runs twice or the visit moves after it, none for a cancelled visit,
 * none without an address (and the history says why), the body from the Texte, and the pass
 * picking « tomorrow » in Brussels time around midnight and the DST change.
 */
import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { withTransaction } from '#tests/helpers'
import { mailsTo, lastMailTo } from '#tests/auth_helpers'
import { makeClient } from '#tests/functional/devis/editor_helpers'
import { makeTechnicien } from '#tests/functional/planning/helpers'
import { systemActor } from '#services/actor'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import { createPlanification, updatePlanification } from '#services/planning/planification_service'
import {
  RAPPEL_TEXTE_CODE,
  envoyerRappelVisite,
  jourDesRappels,
  passeRappels,
} from '#services/planning/rappels'
import app from '@adonisjs/core/services/app'
import { Worker } from '@adonisjs/queue'
import { knex as knexAdapter } from '@boringnode/queue/drivers/knex_adapter'
import SendRappelVisite from '#jobs/send_rappel_visite'
import Texte from '#models/texte'
import { TIME_ZONE } from '#shared/app'

const uniqueEmail = () => `rappel-${randomBytes(6).toString('hex')}@example.com`

async function visite(options: { email: string | null; debut: string; fin: string }) {
  const tech = await makeTechnicien('Marc Dubois')
  const client = await makeClient({
    nom: 'Vandenberghe',
    prenom: 'Luc',
    civilite: 'M.',
    email: options.email,
    chantierRue: 'Rue de Fer 12',
    chantierCodePostal: '5000',
    chantierLocalite: 'Namur',
  })
  const v = await createPlanification(systemActor(), {
    type: 'com',
    nature: 'rdv',
    debut: options.debut,
    fin: options.fin,
    personnes: [tech.id],
    clientId: Number(client.idClient),
  })
  return { v, tech }
}

/** Tomorrow (Brussels) at hh:mm, as the service's local ISO. */
function demain(time: string): string {
  return `${jourDesRappels()}T${time}`
}

async function historique(id: number): Promise<string[]> {
  const rows = await db
    .from('planification_historique')
    .where({ planification_id: id, action: 'rappel' })
    .orderBy('id')
    .select('detail')
  return rows.map((h) => h.detail as string)
}

test.group('Planning / reminders the day before', (group) => {
  withTransaction(group)

  test('the job run twice sends one email; the history says to whom', async ({ assert }) => {
    const email = uniqueEmail()
    const { v } = await visite({ email, debut: demain('09:00'), fin: demain('10:30') })
    const payload = { planificationId: v.id, jour: jourDesRappels() }
    await SendRappelVisite.dispatch(payload).run()
    await SendRappelVisite.dispatch(payload).run()
    assert.equal(await mailsTo(email), 1)
    const mail = await lastMailTo(email)
    assert.include(mail!.subject, 'Rappel')
    assert.include(mail!.text!, 'entre 09:00 et 10:30')
    assert.deepEqual(await historique(v.id), [`Rappel envoyé à ${email}`])
    const row = await db.from('planification_rappels').where('planification_id', v.id).first()
    assert.isTrue(row.envoye)
    // Run by the service directly too: nothing more
    assert.deepEqual(await envoyerRappelVisite(payload), { statut: 'deja_fait' })
    assert.equal(await mailsTo(email), 1)
  })

  test('a visit moved after its reminder gets no second one', async ({ assert }) => {
    const email = uniqueEmail()
    const { v } = await visite({ email, debut: demain('09:00'), fin: demain('10:00') })
    await envoyerRappelVisite({ planificationId: v.id, jour: jourDesRappels() })
    const moved = await updatePlanification(systemActor(), v.id, {
      lockVersion: v.lockVersion,
      debut: demain('15:00'),
      fin: demain('16:00'),
    })
    assert.isAbove(moved.lockVersion, v.lockVersion)
    const result = await passeRappels()
    assert.notInclude(result.visites, v.id)
    assert.equal(await mailsTo(email), 1)
  })

  test('a visit moved to another day before its reminder: the job does nothing', async ({
    assert,
  }) => {
    const email = uniqueEmail()
    const { v } = await visite({ email, debut: demain('09:00'), fin: demain('10:00') })
    const apresDemain = DateTime.fromISO(jourDesRappels()).plus({ days: 1 }).toISODate()
    await updatePlanification(systemActor(), v.id, {
      lockVersion: v.lockVersion,
      debut: `${apresDemain}T09:00`,
      fin: `${apresDemain}T10:00`,
    })
    const result = await envoyerRappelVisite({ planificationId: v.id, jour: jourDesRappels() })
    assert.equal(result.statut, 'ignore')
    assert.equal(await mailsTo(email), 0)
    assert.notExists(await db.from('planification_rappels').where('planification_id', v.id).first())
  })

  test('a cancelled visit gets none', async ({ assert }) => {
    const email = uniqueEmail()
    const { v } = await visite({ email, debut: demain('11:00'), fin: demain('12:00') })
    await changePlanificationStatut(systemActor(), v.id, {
      lockVersion: v.lockVersion,
      statut: 'annulee',
      motif: 'Client malade',
    })
    const result = await passeRappels()
    assert.notInclude(result.visites, v.id)
    await SendRappelVisite.dispatch({ planificationId: v.id, jour: jourDesRappels() }).run()
    assert.equal(await mailsTo(email), 0)
    assert.lengthOf(await historique(v.id), 0)
  })

  test('a visit without client email gets none; the history says why, once', async ({ assert }) => {
    const { v } = await visite({ email: null, debut: demain('13:00'), fin: demain('14:00') })
    const first = await passeRappels()
    assert.include(first.visites, v.id)
    const second = await passeRappels()
    assert.notInclude(second.visites, v.id)
    assert.deepEqual(await historique(v.id), [
      'Rappel non envoyé : le client n’a pas d’adresse e-mail.',
    ])
    const row = await db.from('planification_rappels').where('planification_id', v.id).first()
    assert.isFalse(row.envoye)
  })

  test('the body comes from the Texte email_rappel_visite with its placeholders', async ({
    assert,
  }) => {
    await Texte.updateOrCreate(
      { code: RAPPEL_TEXTE_CODE },
      {
        titre: 'Rappel de visite',
        categorie: 'email_rappel_visite',
        contenu:
          'Cher {{client.nom}}, visite {{visite.nature}} le {{visite.date}} {{visite.plage}} au {{visite.adresse}} par {{visite.technicien}}. Tél. {{societe.telephone}}',
      }
    )
    const email = uniqueEmail()
    const { v } = await visite({ email, debut: demain('08:00'), fin: demain('09:00') })
    await envoyerRappelVisite({ planificationId: v.id, jour: jourDesRappels() })
    const mail = await lastMailTo(email)
    const jour = DateTime.fromISO(jourDesRappels()).setLocale('fr-BE')
    assert.include(mail!.text!, 'Cher Vandenberghe, visite Rendez-vous commercial')
    assert.include(mail!.text!, `${jour.toFormat('cccc')} ${jour.toFormat('dd/MM/yyyy')}`)
    assert.include(mail!.text!, 'entre 08:00 et 09:00')
    assert.include(mail!.text!, 'Rue de Fer 12')
    assert.include(mail!.text!, 'par Marc Dubois')
  })

  test('« tomorrow » is the Brussels day, around midnight and across the DST change', async ({
    assert,
  }) => {
    // 28/03/2027 lasts 23 hours (02:00 → 03:00)
    const { v: tot } = await visite({
      email: uniqueEmail(),
      debut: '2027-03-28T00:30',
      fin: '2027-03-28T01:30',
    })
    const { v: tard } = await visite({
      email: uniqueEmail(),
      debut: '2027-03-28T23:00',
      fin: '2027-03-28T23:45',
    })
    const { v: lendemain } = await visite({
      email: uniqueEmail(),
      debut: '2027-03-29T00:15',
      fin: '2027-03-29T01:00',
    })
    const { v: veille } = await visite({
      email: uniqueEmail(),
      debut: '2027-03-27T23:30',
      fin: '2027-03-27T23:59',
    })
    // 23:30 in Brussels on the 27th (22:30 UTC): tomorrow is the 28th
    const soir = DateTime.fromISO('2027-03-27T23:30', { zone: TIME_ZONE })
    assert.equal(jourDesRappels(soir), '2027-03-28')
    const result = await passeRappels(soir)
    assert.equal(result.jour, '2027-03-28')
    assert.includeMembers(result.visites, [tot.id, tard.id])
    assert.notInclude(result.visites, lendemain.id)
    assert.notInclude(result.visites, veille.id)
    // 00:30 in Brussels on the 28th is still the 27th in UTC: tomorrow is the 29th
    const nuit = DateTime.fromISO('2027-03-28T00:30', { zone: TIME_ZONE })
    assert.equal(nuit.toUTC().toISODate(), '2027-03-27')
    assert.equal(jourDesRappels(nuit), '2027-03-29')
    const suivante = await passeRappels(nuit)
    assert.include(suivante.visites, lendemain.id)
    assert.notInclude(suivante.visites, tard.id)
  })

  test('through the database driver: the job waits in queue_jobs and a worker sends it', async ({
    assert,
  }) => {
    const email = uniqueEmail()
    const { v } = await visite({ email, debut: demain('10:00'), fin: demain('11:00') })
    // The pool's own knex (outside the test's transaction), as the queue's database adapter has
    const knex = db.manager.get('pg')!.connection!.client!
    const queue = `test-rappels-${randomBytes(4).toString('hex')}`
    try {
      await SendRappelVisite.dispatch({ planificationId: v.id, jour: jourDesRappels() })
        .with('database')
        .toQueue(queue)
        .run()
      const waiting = await knex('queue_jobs').where({ queue, status: 'pending' }).count('* as n')
      assert.equal(Number(waiting[0].n), 1)
      assert.equal(await mailsTo(email), 0)
      const config = app.config.get<any>('queue')
      const worker = new Worker({
        ...config,
        default: 'database',
        autoLoadJobs: false,
        adapters: { database: knexAdapter(knex) },
        jobFactory: (JobClass: any) => app.container.make(JobClass),
        worker: { concurrency: 1, idleDelay: '100ms', gracefulShutdown: false },
      })
      const running = worker.start([queue])
      for (let i = 0; i < 100 && (await mailsTo(email)) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await worker.stop()
      await running
      assert.equal(await mailsTo(email), 1)
      assert.deepEqual(await historique(v.id), [`Rappel envoyé à ${email}`])
    } finally {
      await knex('queue_jobs').where({ queue }).delete()
    }
  }).timeout(30_000)
})
