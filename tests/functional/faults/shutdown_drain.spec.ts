/*
 * SIGTERM while a request runs whose client has gone (decision 851): a facture issue waits on a
 * lock the test holds, its browser closes the connection, the app is told to stop. Node's
 * server closes at once (no connection left), and before 851 the database pools closed under
 * the request: the facture was issued but the notification written after its commit was lost
 * (« after-commit task failed: aborted »). Now the app waits for the request, which ends whole:
 * the facture issued, its notification there, the process gone with code 0.
 */
import net from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Facture from '#models/facture'
import { makeUser } from '#tests/helpers'
import { libreDraft } from '#tests/functional/factures/helpers'
import {
  AppProcess,
  AppVisitor,
  HeldLock,
  settle,
  until,
} from '#tests/functional/faults/app_process'

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(false)))
    socket.once('error', () => resolve(true))
  })
}

test.group('Faults / SIGTERM waits for the requests running', (group) => {
  let appProcess: AppProcess | null = null
  const made = { clients: [] as number[], users: [] as number[] }
  let counters: Record<string, unknown>[] = []

  group.each.setup(async () => {
    counters = await db.from('document_counters').select('*')
  })
  group.each.teardown(async () => {
    await HeldLock.releaseAll()
    if (appProcess) await appProcess.kill()
    appProcess = null
    const factures = db.from('factures').whereIn('client_id', made.clients).select('id')
    await db.transaction(async (trx) => {
      await trx.rawQuery('ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued')
      await trx.rawQuery('ALTER TABLE facture_lignes DISABLE TRIGGER facture_lignes_freeze_issued')
      await trx.from('facture_lignes').whereIn('facture_id', factures).delete()
      await trx.from('factures').whereIn('client_id', made.clients).delete()
      await trx.rawQuery('ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued')
      await trx.rawQuery('ALTER TABLE facture_lignes ENABLE TRIGGER facture_lignes_freeze_issued')
      await trx
        .from('audit_logs')
        .where('subject_type', 'facture')
        .where('created_at', '>', trx.raw(`now() - interval '10 minutes'`))
        .delete()
      await trx.from('audit_logs').whereIn('user_id', made.users).delete()
      await trx.from('notifications').whereIn('user_id', made.users).delete()
      await trx.from('clients').whereIn('id_client', made.clients).delete()
      await trx.from('users').whereIn('id', made.users).delete()
      await trx.from('document_counters').delete()
      if (counters.length) await trx.table('document_counters').multiInsert(counters)
    })
    made.clients = []
    made.users = []
  })

  test('a facture issue whose browser went away ends whole, notification included', async ({
    assert,
  }) => {
    appProcess = await AppProcess.start()
    const running = appProcess
    const staff = await makeUser('esi')
    const author = await makeUser('esi')
    made.users.push(staff.id, author.id)
    const browser = await new AppVisitor(() => running).login(staff)
    const draft = await libreDraft(undefined, false)
    made.clients.push(draft.clientId)
    // Its author hears of the issue, after the commit (the actor does not)
    await db.from('factures').where('id', draft.id).update({ created_by: author.id })

    const lock = await HeldLock.take('audit_logs')
    const gone = new AbortController()
    const pending = settle(
      browser.request(
        'POST',
        `/esi/compta/facture/${draft.id}/emettre`,
        { lock_version: draft.lockVersion },
        'inertia',
        gone.signal
      )
    )
    await lock.waiters('émission', pending)
    gone.abort()
    assert.instanceOf(await pending, Error, 'the browser left without an answer')

    const stopping = running.stop()
    // The server takes no new connection any more (asked on a new one each time: fetch would
    // reuse a kept-alive one, still served); from here, before 851, the pools were closing
    await until('port fermé', () => refused(running.port))
    await lock.release()
    await stopping
    appProcess = null

    const facture = await Facture.findOrFail(draft.id)
    assert.equal(facture.statut, 'emise')
    assert.isNotNull(facture.numero)
    const notification = await db
      .from('notifications')
      .where({ user_id: author.id, type: 'facture.emise' })
      .first()
    assert.exists(notification, 'the notification written after the commit is there')
    assert.notMatch(running.output, /after-commit task failed|"aborted"/)
    // Gone by itself once done, not killed at the deadline
    const { code } = await running.exited
    assert.equal(code, 0)
  }).timeout(300_000)
})
