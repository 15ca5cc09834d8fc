import { ROUTES } from './routes.generated'

/*
 * URLs from route names (start/routes), never spelled in a page: `route('esi.devis.show', { id })`,
 * `route('esi.devis.index', {}, { sort: '-date_devis' })`. The names and patterns come from
 * routes.generated.ts (`node ace routes:client`), so a renamed route breaks the type-check, and a
 * missing parameter is a type error.
 */
export type RouteName = keyof typeof ROUTES

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? StripOptional<Param> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? StripOptional<Param>
    : never
type StripOptional<P extends string> = P extends `${infer Name}?` ? Name : P

export type RouteParams<N extends RouteName> = Record<
  ParamNames<(typeof ROUTES)[N]>,
  string | number
>

type Query = Record<string, string | number | boolean | null | undefined>

export function route<N extends RouteName>(
  name: N,
  ...args: ParamNames<(typeof ROUTES)[N]> extends never
    ? [params?: Record<string, never>, query?: Query]
    : [params: RouteParams<N>, query?: Query]
): string {
  const [params, query] = args as [Record<string, string | number> | undefined, Query | undefined]
  const pattern: string = ROUTES[name]
  if (pattern === undefined) throw new Error(`Route inconnue : ${String(name)}`)
  const path = pattern.replace(/:([A-Za-z_]\w*)(\?)?/g, (_, key: string, optional?: string) => {
    const value = params?.[key]
    if (value === undefined || value === null) {
      if (optional) return ''
      throw new Error(`Paramètre « ${key} » manquant pour la route ${String(name)}`)
    }
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const qs = search.toString()
  return qs ? `${path}?${qs}` : path
}
