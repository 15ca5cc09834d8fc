import { DateTime } from 'luxon'
import Notification from '#models/notification'
import type User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { localPathOr } from '#services/safe_redirect'

/** How many notifications the header dropdown shows. */
export const LATEST_NOTIFICATIONS = 6

/** One of the user's own notifications; anything else (foreign, unknown, malformed id) is a 404. */
export async function findOwnNotification(user: User, rawId: unknown): Promise<Notification> {
  const id = parseId(rawId, 'bigint')
  if (id === null) throw new NotFoundException()
  const notification = await Notification.query().where('id', id).where('user_id', user.id).first()
  if (!notification) throw new NotFoundException()
  return notification
}

/**
 * Marks the notification read (the first reading time is kept) and returns where to go: its
 * link when it is a local path, else the dashboard — a stored link never sends the user away.
 */
export async function openNotification(notification: Notification): Promise<string> {
  if (!notification.luLe) {
    notification.luLe = DateTime.now()
    await notification.save()
  }
  return localPathOr(notification.lien, '/dashboard')
}

export async function markAllRead(user: User) {
  await Notification.query()
    .where('user_id', user.id)
    .whereNull('lu_le')
    .update({ lu_le: DateTime.now().toSQL() })
}

/** The shared `notifications` prop: unread count and the latest items. */
export async function notificationSummary(user: User) {
  const [rows, unread] = await Promise.all([
    Notification.query()
      .where('user_id', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LATEST_NOTIFICATIONS),
    Notification.query().where('user_id', user.id).whereNull('lu_le').count('* as total'),
  ])
  return {
    unread: Number(unread[0].$extras.total),
    items: rows.map((n) => ({
      id: n.id,
      titre: n.titre,
      lien: n.lien,
      icon: n.icon,
      lu: Boolean(n.luLe),
      created_at: n.createdAt.toISO(),
    })),
  }
}
