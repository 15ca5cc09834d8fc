import type { HttpContext } from '@adonisjs/core/http'

const MESSAGES: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Votre session a expiré ou est invalide. Veuillez vous reconnecter.',
  403: 'Accès refusé : vous n’avez pas les droits nécessaires.',
  404: 'La page demandée est introuvable.',
  405: 'Méthode non autorisée.',
  409: 'Conflit : la ressource a été modifiée entre-temps.',
  413: 'Le fichier envoyé est trop volumineux.',
  419: 'La page a expiré. Veuillez recharger la page et réessayer.',
  422: 'Les données envoyées sont invalides.',
  429: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
  500: 'Une erreur est survenue. Nos équipes ont été prévenues.',
  503: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
  507: 'Espace de stockage insuffisant : le fichier n’a pas été enregistré. Réessayez plus tard ou prévenez l’administrateur.',
}

export function errorMessage(status: number): string {
  return MESSAGES[status] ?? (status >= 500 ? MESSAGES[500] : MESSAGES[400])
}

/** API calls and plain XHR (not Inertia visits) get JSON errors. */
export function isApiRequest(ctx: HttpContext): boolean {
  if (ctx.request.url().startsWith('/api/')) return true
  if (ctx.request.header('x-inertia')) return false
  if (ctx.request.header('x-requested-with') === 'XMLHttpRequest') return true
  const accept = ctx.request.header('accept') ?? ''
  return accept.includes('application/json') && !accept.includes('text/html')
}

/** Flashed when a guest opens a page that needs a session. */
export const LOGIN_REQUIRED_MESSAGE = 'Veuillez vous connecter pour accéder à cette page.'

const ERROR_BAG_MESSAGES: Record<string, string> = {
  E_UNAUTHORIZED_ACCESS: LOGIN_REQUIRED_MESSAGE,
  E_BAD_CSRF_TOKEN: MESSAGES[419],
  E_TOO_MANY_REQUESTS: MESSAGES[429],
}

/** The French toast for an error code flashed by a package in the session's error bag. */
export function errorBagMessage(code: string): string {
  return ERROR_BAG_MESSAGES[code] ?? 'Une erreur est survenue.'
}
