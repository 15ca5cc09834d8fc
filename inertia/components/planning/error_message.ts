/*
 * The planning calendar's error sentence: the server's French reason of a refused save or list.
 */
import { HttpError } from '../../lib/http.js'

/** An error of the JSON helper as the French sentence the server gave. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string; errors?: { message: string }[] } | null
    if (body?.errors?.length) return body.errors.map((e) => e.message).join(' ')
    if (body?.message) return body.message
    if (error.status >= 500) return 'Une erreur est survenue : réessayez.'
  }
  return 'Le serveur ne répond pas : réessayez.'
}
