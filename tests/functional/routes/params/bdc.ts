import type { ParamProvider } from '#tests/functional/routes/params/index'

/** Parameters of the bdc routes for the route × role matrix (issue 5). */
export const bdcParams: ParamProvider[] = []
