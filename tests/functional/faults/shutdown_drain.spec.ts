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
  type Made,
  AppProcess,
  AppVisitor,
  HeldLock,
  removeMade,
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
  const made: Made = { clients: [], users: [], devis: [] }
  let counters: Record<string, unknown>[] = []

  group.each.setup(async () => {
    counters = await db.from('document_counters').select('*')
  })
  group.each.teardown(async () => {
    await HeldLock.releaseAll()
    if (appProcess) await appProcess.kill()
    appProcess = null
    await removeMade(made, counters)
  })

  /** The app, a staff member logged in, and a draft whose issue will notify its author. */
  async function issueSetup() {
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
    const emettre = (signal?: AbortSignal) =>
      settle(
        browser.request(
          'POST',
          `/esi/compta/facture/${draft.id}/emettre`,
          { lock_version: draft.lockVersion },
          'inertia',
          signal
        )
      )
    return { running, author, draft, emettre }
  }

  /** SIGTERM, then the held lock released once the server takes no new connection. */
  async function stopDuring(running: AppProcess, lock: HeldLock) {
    const stopping = running.stop()
    // Asked on a new connection each time: fetch would reuse a kept-alive one
    await until('port fermé', () => refused(running.port))
    await lock.release()
    await stopping
    appProcess = null
  }

  test('a facture issue whose browser went away ends whole, notification included', async ({
    assert,
  }) => {
    const { running, author, draft, emettre } = await issueSetup()
    const lock = await HeldLock.take('audit_logs')
    const gone = new AbortController()
    const pending = emettre(gone.signal)
    await lock.waiters('émission', pending)
    gone.abort()
    assert.instanceOf(await pending, Error, 'the browser left without an answer')

    // From the closed port on, before 851, the pools were closing under the request
    await stopDuring(running, lock)

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

  test('a browser still waiting gets its answer, told to close its connection', async ({
    assert,
  }) => {
    const { running, draft, emettre } = await issueSetup()
    const lock = await HeldLock.take('audit_logs')
    const pending = emettre()
    await lock.waiters('émission', pending)

    await stopDuring(running, lock)

    const answer = await pending
    if (answer instanceof Error) throw answer
    assert.include([302, 303], answer.status)
    // Kept alive, a busy connection would hold the server's close until the process is killed
    assert.equal(answer.connection, 'close')
    const facture = await Facture.findOrFail(draft.id)
    assert.equal(facture.statut, 'emise')
    const { code } = await running.exited
    assert.equal(code, 0)
  }).timeout(300_000)
})
