import type { HttpContext } from '@adonisjs/core/http'
import Notification from '#models/notification'
import { DateTime } from 'luxon'

export default class NotificationsController {
  /** Marks one of the user's notifications read and follows its link; a foreign id is a 404. */
  async open({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const notification = await Notification.query()
      .where('id', Number(params.id) || 0)
      .where('user_id', user.id)
      .firstOrFail()
    if (!notification.luLe) {
      notification.luLe = DateTime.now()
      await notification.save()
    }
    // Only local paths: a stored link can never send the user elsewhere (open redirect)
    const lien = notification.lien
    const target = lien && lien.startsWith('/') && !lien.startsWith('//') ? lien : '/dashboard'
    return response.redirect().toPath(target)
  }

  async readAll({ auth, response }: HttpContext) {
    await Notification.query()
      .where('user_id', auth.getUserOrFail().id)
      .whereNull('lu_le')
      .update({ lu_le: DateTime.now().toSQL() })
    return response.redirect().back()
  }
}
