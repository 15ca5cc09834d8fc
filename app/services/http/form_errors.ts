import type { HttpContext } from '@adonisjs/core/http'

/**
 * Flashes field errors the way VineJS failures are flashed (inputErrorsBag), so the page shows
 * them next to the fields, and keeps what the user typed (except secrets).
 */
export function flashFieldErrors(session: HttpContext['session'], errors: Record<string, string>) {
  session.flashExcept(['_csrf', 'password', 'password_confirmation', 'current_password'])
  session.flash(
    'inputErrorsBag',
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]))
  )
}
