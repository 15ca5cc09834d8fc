import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import NotificationPolicy from '#policies/notification_policy'
import { authorize } from '#policies/base_policy'
import { findOwnNotification, markAllRead, openNotification } from '#services/notifications'

export default class NotificationsController {
  /** Marks one of the user's notifications read and follows its link; a foreign id is a 404. */
  async open({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail() as User
    const notification = await findOwnNotification(user, params.id)
    authorize(new NotificationPolicy().update(user, notification))
    return response.redirect().toPath(await openNotification(notification))
  }

  async readAll({ auth, response }: HttpContext) {
    await markAllRead(auth.getUserOrFail())
    return response.redirect().back()
  }
}
