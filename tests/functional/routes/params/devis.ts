import type { ParamProvider } from '#tests/functional/routes/params/index'

/** Parameters of the devis routes for the route × role matrix (issue 5). */
export const devisParams: ParamProvider[] = []
