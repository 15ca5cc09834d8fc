import type { ParamProvider } from '#tests/functional/routes/params/index'

/** Parameters of the offres routes for the route × role matrix (issue 5). */
export const offresParams: ParamProvider[] = []
