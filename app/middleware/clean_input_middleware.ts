import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { cleanInput, needsCleaning } from '#services/http/clean_input'
import { normaliseStrings } from '#services/http/json_body'

/**
 * Control characters and lone surrogates out of the query string, the body and the route
 * params, once for every route (app/services/http/clean_input.ts says what and why), and the
 * strings of a JSON body trimmed, the empty ones null (config/bodyparser.ts). Runs right after
 * the body parser, before shield, validators and controllers.
 */
export default class CleanInputMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const qs = request.qs()
    if (needsCleaning(qs)) request.updateQs(cleanInput(qs))
    const body = request.body()
    // JSON bodies are parsed without a reviver: trimmed and their "" made null here (decision 842)
    if (normaliseStrings(body)) request.updateBody(body)
    if (needsCleaning(body)) request.updateBody(cleanInput(body))
    if (ctx.params && needsCleaning(ctx.params)) ctx.params = cleanInput(ctx.params)
    return next()
  }
}
