import { Exception } from '@adonisjs/core/exceptions'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** Base of the app's HTTP exceptions: their message is French and safe to show to the user. */
export class AppException extends Exception {}

export class ForbiddenException extends AppException {
  static status = 403
  static code = 'E_FORBIDDEN'
  static message = 'Accès refusé : vous n’avez pas les droits nécessaires.'
}

export class NotFoundException extends AppException {
  static status = 404
  static code = 'E_NOT_FOUND'
  static message = 'La page demandée est introuvable.'
}

/**
 * An answer that sends the user somewhere to prove himself first. Page visits are redirected
 * to `redirectTo`; API calls get the status, the French message and `payload` (the URL to follow).
 */
export abstract class RedirectingException extends AppException {
  abstract redirectTo: string
  abstract payload: Record<string, string>
}

/** The action needs a second factor given in the last 15 minutes (DESIGN.md §4: droit admin). */
export class StepUpRequiredException extends RedirectingException {
  static status = 403
  static code = 'E_STEP_UP_REQUIRED'
  static message =
    'Cette action demande une vérification en deux étapes récente. Saisissez un code de votre application d’authentification.'

  redirectTo: string
  payload: Record<string, string>

  constructor(url: string) {
    super()
    this.redirectTo = url
    this.payload = { step_up_url: url }
  }
}

/** The action needs the password confirmed in the last 3 hours. */
export class PasswordConfirmationRequiredException extends RedirectingException {
  static status = 423
  static code = 'E_PASSWORD_CONFIRMATION_REQUIRED'
  static message = 'Veuillez confirmer votre mot de passe pour continuer.'

  redirectTo: string
  payload: Record<string, string>

  constructor(url: string) {
    super()
    this.redirectTo = url
    this.payload = { confirm_url: url }
  }
}

/** Staff must turn two-factor on before reaching the esi area (DESIGN.md §4). */
export class TwoFactorRequiredException extends RedirectingException {
  static status = 403
  static code = 'E_TWO_FACTOR_REQUIRED'
  static message =
    'La double authentification est obligatoire pour le personnel : activez-la pour continuer.'

  redirectTo = urlFor('app.profile')
  payload = { two_factor_url: urlFor('app.profile') }
}

/** Too many tries: the message says how long to wait. */
export class TooManyAttemptsException extends AppException {
  static status = 429
  static code = 'E_TOO_MANY_ATTEMPTS'
  retryAfter: number

  constructor(message: string, retryAfter: number) {
    super(message)
    this.retryAfter = retryAfter
  }
}

/** A file sent where no file is expected (only the upload routes take multipart bodies). */
export class UnsupportedMediaTypeException extends AppException {
  static status = 415
  static code = 'E_UNSUPPORTED_MEDIA_TYPE'
  static message = 'Cette adresse n’accepte pas d’envoi de fichier.'
}

/**
 * Too many mails, PDFs or exports (services/throttle.ts limitAction): 429 JSON for API callers,
 * back to the page with the French message for page visits.
 */
export class ActionLimitException extends TooManyAttemptsException {
  static code = 'E_ACTION_LIMIT'
}

/** The address must be verified first (API calls of an unverified user). */
export class EmailNotVerifiedException extends AppException {
  static status = 403
  static code = 'E_EMAIL_NOT_VERIFIED'
  static message =
    'Veuillez vérifier votre adresse e-mail : ouvrez le lien reçu par e-mail pour activer votre compte.'
}

/**
 * Somebody else saved the document since it was opened (optimistic lock, reference B3): nothing
 * was written; the message says who and when so the user can reload and redo his change.
 */
export class ConflictException extends AppException {
  static status = 409
  static code = 'E_CONFLICT'
}

/** A status change that the document's current statut does not allow (shared/devis.ts). */
export class TransitionException extends AppException {
  static status = 422
  static code = 'E_TRANSITION'
}
