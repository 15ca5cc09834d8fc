import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { requireStepUp } from '#services/http/step_up'

/** Admin-only actions need a second factor given in the last 15 minutes (DESIGN.md §4). */
export default class StepUpMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    requireStepUp(ctx)
    return next()
  }
}
