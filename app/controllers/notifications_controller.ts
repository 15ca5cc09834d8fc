import type { HttpContext } from '@adonisjs/core/http'
import { findOwnNotification, markAllRead, openNotification } from '#services/notifications'

export default class NotificationsController {
  /** Marks one of the user's notifications read and follows its link; a foreign id is a 404. */
  async open({ auth, params, response }: HttpContext) {
    const notification = await findOwnNotification(auth.getUserOrFail(), params.id)
    return response.redirect().toPath(await openNotification(notification))
  }

  async readAll({ auth, response }: HttpContext) {
    await markAllRead(auth.getUserOrFail())
    return response.redirect().back()
  }
}
