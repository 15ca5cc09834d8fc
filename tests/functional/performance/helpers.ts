/* Helpers of the issue 15 §1 tests: statements counted at the pg driver, a staff member logged in. */
import pg from 'pg'
import { makeUser } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { Visitor, totpOf } from '#tests/auth_helpers'

/** Every statement the pg driver sends while `run` runs (the server is in this process). */
export async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    sent.push(String(args[0]?.text ?? args[0]).replace(/\s+/g, ' '))
    return (original as any).apply(this, args)
  } as any
  try {
    await run()
  } finally {
    pg.Client.prototype.query = original
  }
  return sent.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(sql))
}

/** A staff member logged in through the real forms (password, then the code). */
export async function staffVisitor() {
  const user = await makeUser('esi')
  const visitor = new Visitor()
  await visitor.login(user.email, TEST_PASSWORD)
  const done = await visitor.post('/two-factor-challenge', { code: totpOf(user) })
  if (done.headers.get('location') !== '/dashboard') throw new Error('login failed')
  return { user, visitor }
}
