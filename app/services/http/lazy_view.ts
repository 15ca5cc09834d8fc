/*
 * The request's edge renderer made only when a view is rendered (decision 748). AdonisJS gives
 * each request `ctx.view`, a renderer of its own, and the session, auth and shield packages
 * share their values with it on every request (`view.share`, a lodash deep merge each): 2–3 %
 * of a session request's CPU, for a renderer that only a full page load (the Inertia root view,
 * the error pages, the mails' templates do not use it) ever renders. Here `ctx.view` notes the
 * shares and makes the renderer when anything else is asked of it, with the request shared
 * first and the notes merged in their order: the same locals as before. The merge copies plain
 * objects but keeps class instances and functions by reference, and what the packages share is
 * made when shared and is of those kinds (the request, the session's read-only stores, the
 * authenticator, the CSP nonce): merging later gives the same locals.
 */
import edge, { type Edge } from 'edge.js'
import { HttpContext } from '@adonisjs/core/http'

type Shared = Record<string, any>
type EdgeRenderer = ReturnType<Edge['createRenderer']>

let rendererPrototype: object | undefined

/** A renderer standing for `make()`'s until something other than `share` is asked of it. */
export function lazyRenderer(make: () => EdgeRenderer): EdgeRenderer {
  const notes: Shared[] = []
  let renderer: EdgeRenderer | undefined
  const real = () => {
    if (!renderer) {
      renderer = make()
      for (const data of notes) renderer.share(data)
      notes.length = 0
    }
    return renderer
  }
  const share = (data: Shared) => {
    if (renderer) renderer.share(data)
    else notes.push(data)
    return proxy
  }
  // The renderer's class, so that `instanceof` still holds
  rendererPrototype ??= Object.getPrototypeOf(edge.createRenderer()) as object
  const target = Object.create(rendererPrototype) as EdgeRenderer
  const proxy: EdgeRenderer = new Proxy(target, {
    get(_target, key) {
      if (key === 'share') return share
      const made = real()
      const value = Reflect.get(made, key, made)
      return typeof value === 'function' ? value.bind(made) : value
    },
    has: (_target, key) => key in real(),
    set: (_target, key, value) => Reflect.set(real(), key, value),
  })
  return proxy
}

/** Replaces the framework's `ctx.view` getter (same renderer, same first share). */
export function useLazyViews() {
  HttpContext.getter(
    'view',
    function (this: HttpContext) {
      const request = this.request
      return lazyRenderer(() => edge.createRenderer().share({ request }))
    },
    true
  )
}
