import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Notification from '#models/notification'

/** A notification of the header dropdown; merge a `userId` (or use makeNotification in tests). */
export const NotificationFactory = factory
  .define(Notification, ({ faker }) => ({
    type: 'info',
    titre: faker.lorem.sentence({ min: 3, max: 6 }),
    lien: '/profile',
    icon: 'bi bi-bell',
    luLe: null,
  }))
  .state('read', (n) => (n.luLe = DateTime.now()))
  .build()
