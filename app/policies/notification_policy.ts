import type User from '#models/user'
import type Notification from '#models/notification'
import BasePolicy, { type Decision } from '#policies/base_policy'

/**
 * Notifications: each belongs to one user, and exists for him alone (404 for anybody else,
 * staff included: a notification is private mail, not business data). The queries are scoped
 * to the user as well (app/services/notifications.ts): both, never one alone.
 */
export default class NotificationPolicy extends BasePolicy {
  view(user: User, notification: Notification): Decision {
    return notification.userId === user.id ? 'allow' : 'hide'
  }

  update(user: User, notification: Notification): Decision {
    return this.view(user, notification)
  }
}
