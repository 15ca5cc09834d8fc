import { Exception } from '@adonisjs/core/exceptions'

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
