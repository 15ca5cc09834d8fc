import type { ParamProvider } from '#tests/functional/routes/params/index'

/** Parameters of the paiement routes for the route × role matrix (issue 5). */
export const paiementParams: ParamProvider[] = []
