/** French title, icon and colour of each error page (the message itself comes from the server). */
export interface StatusInfo {
  title: string
  icon: string
  color: string
}

export const STATUS_INFO: Record<number, StatusInfo> = {
  400: { title: 'Requête invalide', icon: 'bi bi-exclamation-octagon', color: 'warning' },
  401: { title: 'Non authentifié', icon: 'bi bi-person-lock', color: 'warning' },
  403: { title: 'Accès refusé', icon: 'bi bi-shield-x', color: 'danger' },
  404: { title: 'Page introuvable', icon: 'bi bi-signpost-split', color: 'primary' },
  419: { title: 'Page expirée', icon: 'bi bi-hourglass-bottom', color: 'info' },
  500: { title: 'Erreur serveur', icon: 'bi bi-bug', color: 'danger' },
  503: { title: 'Service indisponible', icon: 'bi bi-cone-striped', color: 'secondary' },
}

/** Codes the preview area can show (PreviewController). */
export const PREVIEW_CODES = [400, 401, 403, 404, 500, 503]

export function statusInfo(status: number): StatusInfo {
  if (STATUS_INFO[status]) return STATUS_INFO[status]
  return status >= 500 ? STATUS_INFO[500] : STATUS_INFO[400]
}
