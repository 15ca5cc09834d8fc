/** Application identity (SPEC.md §1): the base title of every page and the version shown. */
export const APP_NAME = 'ESI Back-office'
export const APP_VERSION = '0.1a'

/** Dates and times of the business (DESIGN.md §3): shown, numbered and bucketed in Brussels. */
export const TIME_ZONE = 'Europe/Brussels'

/** "{page title} - {base title}" (SPEC.md §1). */
export function pageTitle(title?: string | null): string {
  return title ? `${title} - ${APP_NAME}` : APP_NAME
}
