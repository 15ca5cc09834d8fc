/*
 * Issue 15 §4: the app as production runs it on more than one machine — two worker processes
 * behind one port (bin/cluster.ts through scripts/lib/cluster.js), NODE_ENV=production, the
 * sessions, the rate limiter and the job queue in Redis (REDIS_URL, the machine's Redis), the
 * files on S3 (a local s3rver), PostgreSQL as the one source of truth (a database of its own).
 * A visitor logs in (password, then TOTP) on one worker and works on the other; factures issued
 * at once through both workers get gapless numbers; a dispatched job runs exactly once although
 * both workers poll the queue; a logo goes to S3 and back; the structured log names the worker,
 * the user, the route of each request and never the password; a killed worker is replaced.
 */
import sharp from 'sharp'
import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Redis } from 'ioredis'
import * as OTPAuth from 'otpauth'
import User from '#models/user'
import { ClientFactory } from '#database/factories/client_factory'
import { encryptTotpSecret } from '#services/two_factor'
import { TINY_PNG } from '#services/logo_storage'
import { jourDesRappels } from '#services/planning/rappels'
import { TIME_ZONE } from '#shared/app'
import { startCluster } from '../../../scripts/lib/cluster.js'
import {
  ace,
  eventually,
  freePort,
  freshDatabase,
  localS3,
  multipartFile,
  parsedLines,
  Visitor,
  type Answer,
} from '#tests/functional/production/cluster_helpers'

const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU'
const PASSWORD = 'cluster-Mot-de-passe-2026'
const BUCKET = 'esi-cluster-test'
const DRAFTS = 8

test.group('Production / two processes behind one port', () => {
  test('log in on one worker, act on the other; gapless numbers, one job run, files on S3', async ({
    assert,
  }) => {
    const database = await freshDatabase('cluster')
    const s3 = await localS3(BUCKET)
    const prefix = `esi-test-${process.pid}:`
    const redis = new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: true })
    let cluster: Awaited<ReturnType<typeof startCluster>> | null = null
    db.manager.add('cluster', {
      client: 'pg',
      connection: { connectionString: database.url },
      pool: { min: 0, max: 2 },
    })
    const cdb = db.connection('cluster')

    try {
      // Production's environment: what README § Production lists, nothing of the tests'
      const env: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        LOG_LEVEL: 'info',
        REDIS_URL: 'redis://127.0.0.1:6379/0',
        REDIS_KEY_PREFIX: prefix,
        QUEUE_WORKER: 'inline',
        DRIVE_DISK: 's3',
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        MAIL_MAILER: 'file',
        RELANCES_HEURE: 'off',
        RAPPELS_HEURE: 'off',
      }
      for (const key of ['SESSION_DRIVER', 'LIMITER_STORE', 'QUEUE_DRIVER', 'DB_HOST', 'PORT'])
        delete env[key]
      await ace(['migration:run', '--force'], env)

      // The data: an esi user with two-factor on, a client, the company, a visit tomorrow
      const user = await User.create(
        {
          name: 'Cluster Esi',
          email: 'cluster@esi.test',
          role: 'esi',
          droitsAccordes: [],
          password: PASSWORD,
          emailVerifiedAt: DateTime.now(),
          twoFactorSecret: encryptTotpSecret(SECRET),
          twoFactorConfirmedAt: DateTime.now(),
        },
        { connection: 'cluster' }
      )
      const customer = await ClientFactory.connection('cluster')
        .merge({ nom: 'Lambert', email: `rappel-${process.pid}@example.com` })
        .create()
      const [societe] = await cdb
        .table('societes')
        .insert({
          nom: 'Menuiserie du cluster SRL',
          type: 'esi',
          forme_juridique: 'SRL',
          numero_tva: 'BE0456789034',
          adresse: 'Rue de Fer 1',
          code_postal: '5000',
          localite: 'Namur',
          pays: 'BE',
          iban: 'BE68539007547034',
          bic: 'GKCCBEBB',
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
      const jour = jourDesRappels()
      const [visite] = await cdb
        .table('planifications')
        .insert({
          type: 'com',
          nature: 'rdv',
          titre: 'Métré',
          client_id: customer.idClient,
          debut: DateTime.fromISO(`${jour}T09:00`, { zone: TIME_ZONE }).toJSDate(),
          fin: DateTime.fromISO(`${jour}T10:00`, { zone: TIME_ZONE }).toJSDate(),
        })
        .returning('id')

      const port = await freePort()
      cluster = await startCluster({ workers: 2, port, env, capture: true, timeoutMs: 240_000 })
      assert.lengthOf(cluster.workers, 2)
      const lines = cluster.lines
      const logs = () => parsedLines(lines)
      /** The pid of the worker that answered, from the request's log line. */
      const servedBy = (answer: Answer) => {
        const id = answer.headers['x-request-id']
        return eventually(
          () => logs().find((l) => l.msg === 'request' && l.request_id === id)?.pid as number,
          `la ligne de log de ${id}`,
          10_000
        )
      }

      // Readiness sees Redis, S3, PostgreSQL and the migrations
      const visitor = new Visitor(cluster.url)
      const ready = await visitor.request('GET', '/health/ready')
      assert.equal(ready.status, 200)
      assert.deepEqual(JSON.parse(ready.body.toString()).checks, {
        database: 'ok',
        migrations: 'ok',
        files: 'ok',
        redis: 'ok',
      })

      // Log in: the password on one worker…
      const loginPage = await visitor.request('GET', '/login', { inertia: true })
      visitor.inertiaVersion = JSON.parse(loginPage.body.toString()).version
      const password = await visitor.request('POST', '/login', {
        form: { email: user.email, password: PASSWORD },
        inertia: true,
      })
      assert.equal(password.headers.location, '/two-factor-challenge')
      const loginWorker = await servedBy(password)
      // …the code on whichever comes next (the pending login is in the Redis session)
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SECRET) }).generate()
      const challenge = await visitor.request('POST', '/two-factor-challenge', {
        form: { code },
        inertia: true,
      })
      assert.equal(challenge.headers.location, '/dashboard')

      // Act on the OTHER worker: the session is found there
      let other: Answer | null = null
      for (let i = 0; i < 10 && !other; i++) {
        const page = await visitor.request('GET', '/esi/compta/facture', { inertia: true })
        assert.equal(page.status, 200)
        assert.equal(JSON.parse(page.body.toString()).props.user.email, user.email)
        if ((await servedBy(page)) !== loginWorker) other = page
      }
      assert.isNotNull(other, 'no request reached the second worker')

      // Drafts, then all issued at the same time through both workers: gapless numbers
      const drafts: { id: number; lock_version: number }[] = []
      for (let i = 0; i < DRAFTS; i++) {
        const created = await visitor.request('POST', '/esi/compta/facture', {
          json: {
            client_id: customer.idClient,
            objet: `Intervention ${i + 1}`,
            lignes: [
              {
                type: 'produit',
                designation: 'Réglage',
                quantite: '1',
                prix_unitaire_ht: '85,00',
                remise_pct: '0',
                taux_tva: 21,
              },
            ],
          },
        })
        assert.equal(created.status, 201)
        const draft = JSON.parse(created.body.toString())
        // The editor's next save needs the version (it was missing from this answer)
        assert.isNumber(draft.lock_version)
        drafts.push(draft)
      }
      const issued = await Promise.all(
        drafts.map((d) =>
          visitor.request('POST', `/esi/compta/facture/${d.id}/emettre`, {
            form: { lock_version: d.lock_version },
            inertia: true,
          })
        )
      )
      issued.forEach((answer, i) => {
        assert.equal(answer.status, 302)
        assert.equal(answer.headers.location, `/esi/compta/facture/${drafts[i].id}`)
      })
      const workers = new Set(await Promise.all(issued.map(servedBy)))
      assert.equal(workers.size, 2, 'the factures were issued by both workers')
      const numeros = await cdb
        .from('factures')
        .whereIn(
          'id',
          drafts.map((d) => d.id)
        )
        .select('numero', 'statut')
      assert.isTrue(
        numeros.every((r) => r.statut === 'emise'),
        JSON.stringify(numeros)
      )
      const sequence = numeros
        .map((r) => Number(String(r.numero).split('-')[2]))
        .sort((a, b) => a - b)
      assert.deepEqual(
        sequence,
        Array.from({ length: DRAFTS }, (_, i) => i + 1)
      )

      // The logo on S3: stored, read back, deleted (the object really is in the bucket)
      const logo = await multipartFile('logo', TINY_PNG, 'logo.png', 'image/png')
      const uploaded = await visitor.request('POST', `/app/company/${societe.id}/logo`, {
        multipart: logo,
      })
      assert.equal(uploaded.status, 302)
      const row = await cdb.from('societes').where('id', societe.id).firstOrFail()
      assert.match(row.logo_path, /^[a-f0-9]{32}\.png$/)
      const objects = await readdir(`${s3.directory}/${BUCKET}/uploads/logos`)
      assert.isTrue(objects.some((f) => f.startsWith(row.logo_path)))
      const back = await visitor.request('GET', `/app/company/${societe.id}/logo`)
      assert.equal(back.status, 200)
      // The same picture, re-encoded by the app (decision 606)
      const [sent, got] = await Promise.all([
        sharp(TINY_PNG).metadata(),
        sharp(Buffer.from(back.body)).metadata(),
      ])
      assert.deepEqual([got.format, got.width, got.height], [sent.format, sent.width, sent.height])
      const removed = await visitor.request('DELETE', `/app/company/${societe.id}/logo`, {
        inertia: true,
      })
      assert.equal(removed.status, 303) // Inertia: a DELETE is redirected with 303
      // s3rver removes a folder left empty
      const left = await readdir(`${s3.directory}/${BUCKET}/uploads/logos`).catch(() => [])
      assert.isFalse(left.some((f) => f.startsWith(row.logo_path)))

      // A job dispatched on the Redis queue (by the cron's command) runs once, on one worker
      await ace(['planning:rappels'], env)
      const runs = () =>
        logs().filter((l) => l.msg === 'rappel de visite' && l.planification === visite.id)
      await eventually(() => (runs().length ? true : undefined), 'le rappel de visite', 90_000)
      // Both workers keep polling a while: still one run, one row, one email
      await new Promise((r) => setTimeout(r, 3000))
      assert.lengthOf(runs(), 1)
      assert.equal(runs()[0].resultat.statut, 'envoye')
      const rappels = await cdb.from('planification_rappels').where('planification_id', visite.id)
      assert.lengthOf(rappels, 1)

      // The log: one line per request with worker, user and route; never the password
      const requestLines = logs().filter((l) => l.msg === 'request')
      const issuing = requestLines.filter((l) => l.route === 'esi.factures.emettre')
      assert.lengthOf(issuing, DRAFTS)
      for (const line of issuing) {
        assert.equal(line.user, user.id)
        assert.equal(line.status, 302)
        assert.isNumber(line.ms)
      }
      const everything = lines.join('\n')
      assert.notInclude(everything, PASSWORD)
      const cookieValues = [...visitor.cookies.values()].filter((v) => v.length >= 16)
      assert.isNotEmpty(cookieValues)
      for (const value of cookieValues) assert.notInclude(everything, value)

      // A worker killed is replaced; the cluster answers meanwhile and after
      const [victim] = cluster.workers
      const restarted = cluster.nextRestart()
      process.kill(victim, 'SIGKILL')
      const now = await restarted
      assert.lengthOf(now, 2)
      assert.notInclude(now, victim)
      const after = await visitor.request('GET', '/esi/compta/facture', { inertia: true })
      assert.equal(after.status, 200)

      // SIGTERM: every worker stops gracefully, the primary exits 0
      const code0 = await cluster.stop()
      cluster = null
      assert.equal(code0, 0)
    } finally {
      if (cluster) await cluster.stop()
      await db.manager.close('cluster')
      db.manager.release('cluster')
      await database.drop()
      await s3.close()
      // What this run left in Redis (sessions, counters, queue): its own prefix only
      const keys = await redis.keys(`${prefix}*`).catch(() => [] as string[])
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
    }
  }).timeout(600_000)
})
