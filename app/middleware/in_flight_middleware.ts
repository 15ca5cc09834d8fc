import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isStopping, requestEnded, requestStarted } from '#services/in_flight'

/**
 * Counts the requests running, until their handler has returned (its commit and what runs
 * after it included), whether or not the client is still there: the shutdown waits for them
 * (start/drain.ts, decision 851). Once the process is stopping, each answer closes its
 * connection (the answer is sent after the middleware, so the header still goes with it).
 */
export default class InFlightMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    requestStarted()
    try {
      return await next()
    } finally {
      if (isStopping()) ctx.response.header('Connection', 'close')
      requestEnded()
    }
  }
}
