/*
 * kill -9 of the app in the middle of a write (issue 15 §2): a facture issue, a devis save, a bank
 * import, a PDF render. The real app runs as a child process on the test database; the test holds
 * a lock the request needs late in its transaction, so the request has done part of its work and
 * waits there; the app is killed, the lock released. Then nothing is half-written (every table's
 * row count, the numbering counter, the rows touched), and the app started again does the same
 * action at once (no manual repair: the dead transaction was rolled back by PostgreSQL).
 *
 * No global transaction (the child must see the data): the rows are removed afterwards, the
 * freeze triggers switched off for that cleanup only, and the numbering counters put back.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { join } from 'node:path'
import { readdir } from 'node:fs/promises'
import Facture from '#models/facture'
import Devis from '#models/devis'
import { testFilesRoot } from '#config/drive'
import { makeUser } from '#tests/helpers'
import { currentYear, formatNumero, SERIES } from '#services/documents/numbering'
import { issued, libreDraft } from '#tests/functional/factures/helpers'
import { camtStatement } from '#tests/functional/releves/statements'
import { devisBody, makeDevis } from '#tests/functional/devis/editor_helpers'
import Client from '#models/client'
import {
  AppProcess,
  AppVisitor,
  backendsGone,
  HeldLock,
  removeMade,
  rowCounts,
  settle,
} from '#tests/functional/faults/app_process'

async function factureCounter(): Promise<number> {
  const row = await db
    .from('document_counters')
    .where({ serie: SERIES.facture, annee: currentYear() })
    .first()
  return row ? Number(row.dernier) : 0
}

/** Whether another transaction holds the facture counter row (it took a number). */
async function counterLocked(): Promise<boolean> {
  return db.transaction(async (trx) => {
    const free = await trx
      .from('document_counters')
      .where({ serie: SERIES.facture, annee: currentYear() })
      .forUpdate()
      .skipLocked()
    return free.length === 0
  })
}

/** Every file under a folder (relative paths). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

const STAFF_DRIVE = join(testFilesRoot(), 'app-process')

test.group('Faults / kill -9 of the app mid-request', (group) => {
  let appProcess: AppProcess | null = null
  let counters: Record<string, unknown>[] = []
  const made = { clients: [] as number[], users: [] as number[], devis: [] as number[] }

  const start = async () => {
    appProcess = await AppProcess.start({ DRIVE_ROOT: STAFF_DRIVE })
    return appProcess
  }

  group.setup(async () => {
    await start()
    return () => appProcess?.stop()
  })
  group.each.setup(async () => {
    counters = await db.from('document_counters').select('*')
    if (!appProcess) await start()
  })
  group.each.teardown(async () => {
    await HeldLock.releaseAll()
    await removeMade(made, counters)
  })

  /** A staff member logged in on the app process (his session survives its restarts). */
  async function staff() {
    const user = await makeUser('esi')
    made.users.push(user.id)
    const browser = await new AppVisitor(() => appProcess!).login(user)
    return Object.assign(browser, { user })
  }

  /**
   * The request waits on the lock, the app is killed, the lock released: the dead request's
   * backend ends (its transaction rolled back). Returns the statement the request waited in.
   */
  async function killDuring(lock: HeldLock, pending: Promise<unknown>, what: string) {
    const waiters = await lock.waiters(what, pending)
    const statement = waiters.map((w) => w.query).join('\n')
    const beforeKill = await counterLocked()
    await appProcess!.kill()
    appProcess = null
    await lock.release()
    await backendsGone(waiters.map((w) => w.pid))
    // The browser got no answer (connection reset), never a half-made one
    const answer = await pending
    return { statement, beforeKill, answer }
  }

  test('a facture issue: no number taken, the draft intact, then issued with the next number', async ({
    assert,
  }) => {
    const draft = await libreDraft(undefined, false)
    made.clients.push(draft.clientId)
    const browser = await staff()
    const first = await factureCounter()
    const before = await rowCounts()

    const lock = await HeldLock.take('audit_logs')
    const emettre = () =>
      browser.request('POST', `/esi/compta/facture/${draft.id}/emettre`, {
        lock_version: draft.lockVersion,
      })
    const { statement, beforeKill, answer } = await killDuring(lock, settle(emettre()), 'émission')
    // Killed after the number was taken and the facture written, before its audit line
    assert.match(statement, /insert into "audit_logs"/)
    assert.isTrue(beforeKill, 'the counter row was held by the issue')
    assert.instanceOf(answer, Error)

    assert.deepEqual(await rowCounts(), before)
    assert.equal(await factureCounter(), first)
    const after = await Facture.findOrFail(draft.id)
    assert.equal(after.statut, 'brouillon')
    assert.isNull(after.numero)
    assert.equal(after.lockVersion, draft.lockVersion)

    await start()
    const again = await emettre()
    assert.include([302, 303], again.status)
    const done = await Facture.findOrFail(draft.id)
    assert.equal(done.statut, 'emise')
    assert.equal(done.numero, formatNumero('facture', currentYear(), first + 1))
    assert.equal(await factureCounter(), first + 1)
  }).timeout(300_000)

  test('a devis save: all of it or nothing, never half; then saved again', async ({ assert }) => {
    const browser = await staff()
    const devis = await makeDevis(browser.user)
    made.devis.push(devis.id)
    made.clients.push(devis.clientId)
    const customer = await Client.findOrFail(devis.clientId)
    const lines = () => db.from('devis_lignes').where('devis_id', devis.id).orderBy('id')
    const before = await rowCounts()

    const lock = await HeldLock.take('audit_logs')
    const save = (lockVersion: number, objet: string) =>
      browser.request(
        'PUT',
        `/esi/devis/${devis.id}`,
        devisBody(customer, { lock_version: lockVersion, objet }),
        'json'
      )
    const { statement, answer } = await killDuring(
      lock,
      settle(save(devis.lockVersion, 'Après la panne')),
      'enregistrement du devis'
    )
    // A brouillon's save is one statement (decision 736; pg_stat_activity shows its first kB),
    // waiting on the held lock at its audit row. It has no BEGIN: once the lock is released,
    // PostgreSQL ends it although its client is gone, so the save is whole — header, 5 lines,
    // its statistics and its audit row — as when an answer is lost after a COMMIT.
    assert.match(statement, /^WITH upd AS \(\s*UPDATE devis/)
    assert.instanceOf(answer, Error)
    const after = await Devis.findOrFail(devis.id)
    assert.equal(after.objet, 'Après la panne')
    assert.equal(after.lockVersion, devis.lockVersion + 1)
    assert.lengthOf(await lines(), 5)
    const counts = await rowCounts()
    assert.equal(counts.audit_logs, before.audit_logs + 1)
    assert.equal(counts.devis, before.devis)
    assert.equal(counts.devis_revisions, before.devis_revisions)

    await start()
    const again = await save(after.lockVersion, 'Encore après')
    assert.equal(again.status, 200, again.body)
    const saved = await Devis.findOrFail(devis.id)
    assert.equal(saved.objet, 'Encore après')
    assert.equal(saved.lockVersion, devis.lockVersion + 2)
    assert.lengthOf(await lines(), 5)
  }).timeout(300_000)

  test('a bank import: no statement, line nor payment left, then imported and the facture paid', async ({
    assert,
  }) => {
    const facture = await issued(await libreDraft(undefined, false))
    made.clients.push(facture.clientId)
    const browser = await staff()
    const tag = `K${Date.now()}`
    const camt = camtStatement(
      [
        {
          ref: `${tag}-1`,
          montant: facture.totalTtc,
          date: '2025-06-02',
          nom: 'Payeur',
          communication: facture.communication,
        },
        { ref: `${tag}-2`, montant: 4200, date: '2025-06-02', nom: 'Inconnu', libre: 'don' },
      ],
      { id: tag }
    )
    const before = await rowCounts()

    const lock = await HeldLock.take('audit_logs')
    const upload = () => {
      const form = new FormData()
      form.append('fichier', new Blob([camt], { type: 'application/xml' }), 'releve.xml')
      return browser.request('POST', '/esi/compta/paiements/import', form)
    }
    const { statement, answer } = await killDuring(lock, settle(upload()), 'import du relevé')
    assert.match(statement, /insert into "audit_logs"/)
    assert.instanceOf(answer, Error)

    assert.deepEqual(await rowCounts(), before)
    const unpaid = await Facture.findOrFail(facture.id)
    assert.equal(unpaid.statut, facture.statut)
    assert.equal(unpaid.montantPaye, 0)

    await start()
    const again = await upload()
    assert.equal(again.status, 302, again.body)
    assert.match(again.location!, /^\/esi\/compta\/paiements\/import\/\d+$/)
    const releves = await db.from('releves_bancaires').where('imported_by', browser.user.id)
    assert.lengthOf(releves, 1)
    assert.lengthOf(await db.from('releve_lignes').where('releve_id', releves[0].id), 2)
    const paid = await Facture.findOrFail(facture.id)
    assert.equal(paid.statut, 'payee')
  }).timeout(300_000)

  test('a PDF render: nothing written, no file left, then the whole PDF', async ({ assert }) => {
    const browser = await staff()
    const devis = await makeDevis(browser.user)
    made.devis.push(devis.id)
    made.clients.push(devis.clientId)
    const before = await rowCounts()
    const filesBefore = await filesUnder(STAFF_DRIVE)

    // The render reads the lines: it waits there, its request under way
    const lock = await HeldLock.take('devis_lignes', 'ACCESS EXCLUSIVE')
    const pdf = () => browser.request('GET', `/esi/devis/${devis.id}/pdf`, undefined, 'plain')
    const { statement, answer } = await killDuring(lock, settle(pdf()), 'rendu du PDF')
    assert.match(statement, /devis_lignes/)
    assert.instanceOf(answer, Error)

    assert.deepEqual(await rowCounts(), before)
    assert.deepEqual(await filesUnder(STAFF_DRIVE), filesBefore)

    await start()
    const again = await pdf()
    assert.equal(again.status, 200)
    assert.equal(again.type, 'application/pdf')
    assert.isTrue(again.body.startsWith('%PDF-'))
    assert.match(again.body.slice(-32), /%%EOF\s*$/)
  }).timeout(300_000)
})
