import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { requestEnded, requestStarted } from '#services/in_flight'

/**
 * Counts the requests running, until their handler has returned (its commit and what runs
 * after it included), whether or not the client is still there: the shutdown waits for them
 * (start/drain.ts, decision 851).
 */
export default class InFlightMiddleware {
  async handle(_ctx: HttpContext, next: NextFn) {
    requestStarted()
    try {
      return await next()
    } finally {
      requestEnded()
    }
  }
}
