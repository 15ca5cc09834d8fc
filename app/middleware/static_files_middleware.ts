import { readdirSync } from 'node:fs'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/**
 * The public folder's files (@adonisjs/static), asked only for the paths that can be one: those
 * whose first segment is a name at the top of public/ (favicon.svg, build/…), read once at
 * start. Every other request (every page and API call) skipped a file-system stat that found
 * nothing: 3–4 % of a request's CPU (decision 639). public/ is the build's output: a file added
 * there while the app runs is served after a restart.
 */
const TOP_LEVEL = new Set(readdirSync(app.publicPath(), { withFileTypes: true }).map((e) => e.name))

@inject()
export default class StaticFilesMiddleware {
  constructor(protected files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    const first = ctx.request.url().split('/', 2)[1] ?? ''
    if (!TOP_LEVEL.has(first)) return next()
    return this.files.handle(ctx, next)
  }
}
