/*
 * The database session store (SESSION_DRIVER=database) of @adonisjs/session, with two changes
 * for the cost of each request (issue 15 §1):
 * - the read is the request's bundle (one statement: session, user, cache versions, the
 *   header's notifications; app/services/http/request_bundle.ts), decision 540;
 * - an unchanged session is touched (its expiry pushed back) at most once a minute instead of
 *   on every request: one UPDATE less on almost every request. The session then ends at most
 *   TOUCH_EVERY_SECONDS earlier than a sliding two hours, never later (decision 541).
 * Writes, tags and destroys are the package's own (same table, same signed data).
 */
import string from '@adonisjs/core/helpers/string'
import { MessageBuilder } from '@adonisjs/core/helpers'
import type { HttpContext } from '@adonisjs/core/http'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  SessionData,
  SessionStoreWithTaggingContract,
  TaggedSession,
} from '@adonisjs/session/types'
import { readBundle } from '#services/http/request_bundle'

export const TOUCH_EVERY_SECONDS = 60

/** The store of each request, for the session cookie's middleware (decision 685). */
const storeOfRequest = new WeakMap<object, BundledDatabaseStore>()

/**
 * Whether this request's session row gets its expiry pushed back (touched) when it is
 * committed unchanged: true when it was read over TOUCH_EVERY_SECONDS ago or not read, false
 * while fresh, undefined when the request's sessions are not in this store (memory, Redis).
 * The session cookie is re-sent exactly when the row's expiry moves (decision 685).
 */
export function sessionTouchDue(ctx: object): boolean | undefined {
  return storeOfRequest.get(ctx)?.touchDue
}

export class BundledDatabaseStore implements SessionStoreWithTaggingContract {
  #client: QueryClientContract
  #ctx: HttpContext | null
  #table = 'sessions'
  #ttlSeconds: number
  #gcProbability: number
  /** Decided once when the session is read: whether an unchanged commit touches the row. */
  touchDue = true

  constructor(
    client: QueryClientContract,
    ctx: HttpContext | null,
    age: string | number,
    gcProbability = 2
  ) {
    this.#client = client
    this.#ctx = ctx
    this.#ttlSeconds = string.seconds.parse(age)
    this.#gcProbability = gcProbability
    if (ctx) storeOfRequest.set(ctx, this)
  }

  #parse(contents: string, sessionId: string): SessionData | null {
    try {
      return new MessageBuilder().verify(contents, sessionId)
    } catch {
      return null
    }
  }

  #expiresAt(): Date {
    return new Date(Date.now() + this.#ttlSeconds * 1000)
  }

  async read(sessionId: string): Promise<SessionData | null> {
    const row = await readBundle(this.#client, this.#ctx, sessionId)
    if (!row) return null
    const expiresAt = new Date(row.expires_at).getTime()
    if (Date.now() > expiresAt) {
      await this.destroy(sessionId)
      return null
    }
    this.touchDue = expiresAt <= Date.now() + (this.#ttlSeconds - TOUCH_EVERY_SECONDS) * 1000
    return this.#parse(row.data, sessionId)
  }

  async write(sessionId: string, values: SessionData): Promise<void> {
    const message = new MessageBuilder().build(values, undefined, sessionId)
    await this.#client
      .insertQuery()
      .table(this.#table)
      .insert({ id: sessionId, data: message, expires_at: this.#expiresAt() })
      .knexQuery.onConflict('id')
      .merge(['data', 'expires_at'])
    if (this.#gcProbability > 0 && Math.random() * 100 < this.#gcProbability) {
      await this.#client.from(this.#table).where('expires_at', '<=', new Date()).delete()
    }
  }

  async destroy(sessionId: string): Promise<void> {
    await this.#client.from(this.#table).where('id', sessionId).delete()
  }

  async touch(sessionId: string): Promise<void> {
    if (!this.touchDue) return
    await this.#client
      .from(this.#table)
      .where('id', sessionId)
      .update({ expires_at: this.#expiresAt() })
  }

  async tag(sessionId: string, userId: string | number): Promise<void> {
    const data = new MessageBuilder().build({}, undefined, sessionId)
    await this.#client
      .insertQuery()
      .table(this.#table)
      .insert({ id: sessionId, user_id: String(userId), data, expires_at: this.#expiresAt() })
      .knexQuery.onConflict('id')
      .merge(['user_id'])
  }

  async untag(sessionId: string): Promise<void> {
    await this.#client.query().from(this.#table).update({ user_id: null }).where({ id: sessionId })
  }

  async tagged(userId: string): Promise<TaggedSession[]> {
    const rows = await this.#client
      .from(this.#table)
      .select('id', 'data')
      .where('user_id', userId)
      .where('expires_at', '>', new Date())
    return rows
      .map((row) => {
        const data = this.#parse(row.data, row.id)
        return data ? { id: row.id as string, data } : null
      })
      .filter((session): session is TaggedSession => session !== null)
  }
}
