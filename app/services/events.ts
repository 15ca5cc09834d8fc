/*
 * Events after commit (issue 9): whatever informs someone of a change — an in-app notification,
 * an email — runs only once the transaction that made the change has committed, and never after
 * a rollback: nobody hears of a devis that was not sent. Without a transaction it runs at once.
 * Lucid awaits the after-commit hooks inside commit(), so when `db.transaction(…)` returns the
 * mails have been tried and a Delivery says whether they left. A hook registered on a nested
 * transaction (savepoint) runs when that savepoint is released: always pass the outermost one.
 */
import logger from '@adonisjs/core/services/logger'
import type { BaseMail } from '@adonisjs/mail'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Notification from '#models/notification'
import { deliver } from '#services/mail/deliver'

type Task = () => Promise<void> | void

/** Runs the task after the commit of `trx` (skipped on rollback), or now without one. */
export async function afterCommit(
  trx: TransactionClientContract | null | undefined,
  task: Task
): Promise<void> {
  const guarded = async () => {
    try {
      await task()
    } catch (error) {
      // The change is committed: a failing side effect is logged, it does not undo it
      logger.error({ err: error }, 'after-commit task failed')
    }
  }
  if (trx) trx.after('commit', guarded)
  else await guarded()
}

export type NotificationInput = {
  /** Who hears of it; the actor himself is left out (he knows). */
  userIds: (number | null | undefined)[]
  exceptUserId?: number | null
  type: string
  titre: string
  lien: string
  icon: string
}

/** The in-app notification of a change, written after the commit. */
export async function notify(
  trx: TransactionClientContract | null | undefined,
  input: NotificationInput
): Promise<void> {
  const ids = [...new Set(input.userIds)].filter(
    (id): id is number => typeof id === 'number' && id !== input.exceptUserId
  )
  if (!ids.length) return
  await afterCommit(trx, async () => {
    await Notification.createMany(
      ids.map((userId) => ({
        userId,
        type: input.type,
        titre: input.titre.slice(0, 190),
        lien: input.lien,
        icon: input.icon,
      }))
    )
  })
}

/** Whether the mail of a change left: null until the commit (and for ever after a rollback). */
export type Delivery = { sent: boolean | null }

/**
 * Sends the mail after the commit. `build` runs then too (it may read the committed rows, render
 * the PDF); a mail that cannot be built or sent leaves `sent` false, the change stays.
 */
export async function dispatchMail(
  trx: TransactionClientContract | null | undefined,
  build: () => Promise<BaseMail | null>
): Promise<Delivery> {
  const delivery: Delivery = { sent: null }
  await afterCommit(trx, async () => {
    delivery.sent = false
    const message = await build()
    delivery.sent = message ? await deliver(message) : false
  })
  return delivery
}
