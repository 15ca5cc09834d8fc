import type { HttpContext } from '@adonisjs/core/http'
import { recentlySteppedUp } from '#services/http/auth_session'
import { currentPagePath, rememberIntended } from '#services/http/intended'
import { StepUpRequiredException } from '#exceptions/http_exceptions'

export const STEP_UP_URL = '/user/step-up'

/** Throws (403 JSON with step_up_url, or a redirect) unless a step-up happened < 15 min ago. */
export function requireStepUp(ctx: HttpContext) {
  if (recentlySteppedUp(ctx.session)) return
  rememberIntended(ctx, 'step_up', currentPagePath(ctx))
  throw new StepUpRequiredException(STEP_UP_URL)
}
