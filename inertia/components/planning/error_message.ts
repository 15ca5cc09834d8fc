/*
 * The planning pages' error sentences: the server's French reason of a refused save or list.
 */
import { HttpError } from '../../lib/http.js'

/** The server's message of a refused request, else the page's own `fallback` sentence. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError ? error.message : fallback
}

/**
 * The calendar's: every field's reason of a refused save (the validation list), else the
 * server's message, else a sentence by status.
 */
export function refusalMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string; errors?: { message: string }[] } | null
    if (body?.errors?.length) return body.errors.map((e) => e.message).join(' ')
    if (body?.message) return body.message
    if (error.status >= 500) return 'Une erreur est survenue : réessayez.'
  }
  return 'Le serveur ne répond pas : réessayez.'
}
