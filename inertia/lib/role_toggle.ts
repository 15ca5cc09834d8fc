/*
 * The droit and access-role switches (SPEC.md §4, §7, §8): choosing the value already held
 * switches it off (null), another value switches it on; the local value changes only once the
 * server has accepted.
 */
import { route } from './route.js'

export type ToggleKind = 'droit' | 'acces'

interface ToggleSpec {
  url: string
  body: (value: string | null) => Record<string, string | null>
  on: (value: string) => string
  off: string
  error: string
}

export const TOGGLES: Record<ToggleKind, ToggleSpec> = {
  droit: {
    url: route('api.user.role'),
    body: (value) => ({ droit: value }),
    on: (value) => `Rôle activé : ${value}`,
    off: 'Rôle désactivé',
    error: 'Erreur lors de la mise à jour du rôle.',
  },
  acces: {
    url: route('api.user.acces_role'),
    body: (value) => ({ role: value }),
    on: (value) => `Accès activé : ${value}`,
    off: 'Accès désactivé',
    error: "Erreur lors de la mise à jour de l'accès.",
  },
}

/** Labels of the access-role buttons (DESIGN.md §4: an esi sees the app as a pro or a user). */
export const ACCES_LABELS: Record<string, string> = {
  pro: 'Voir comme pro',
  other: 'Voir comme utilisateur',
}

/** Same value → null (off); any other → the chosen value. */
export function nextToggleValue(current: string | null | undefined, chosen: string): string | null {
  return current === chosen ? null : chosen
}

export function toggleSuccessMessage(kind: ToggleKind, value: string | null): string {
  const spec = TOGGLES[kind]
  return value === null ? spec.off : spec.on(value)
}

export interface ToggleDeps {
  /** The PUT call; its response body is not read (SPEC.md §7). */
  put: (url: string, body: Record<string, string | null>) => Promise<unknown>
  toast: (type: 'success' | 'error' | 'info', message: string) => unknown
  logError?: (message: string, error: unknown) => void
  /** Follows a detour the server asks for (step-up, password confirmation). */
  visit?: (url: string) => void
}

const DETOUR_KEYS = ['step_up_url', 'confirm_url', 'two_factor_url'] as const

/**
 * The page the server sends the user to before the switch can pass: switching droit admin on
 * asks for a recent step-up (403 + step_up_url), droit switches for a recent password (423 +
 * confirm_url). A local path only.
 */
export function detourOf(error: unknown): { url: string; message: string | null } | null {
  const body = (error as { body?: unknown } | null)?.body
  if (!body || typeof body !== 'object') return null
  const fields = body as Record<string, unknown>
  for (const key of DETOUR_KEYS) {
    const url = fields[key]
    if (typeof url === 'string' && /^\/(?![/\\])/.test(url)) {
      return { url, message: typeof fields.message === 'string' ? fields.message : null }
    }
  }
  return null
}

export type ToggleResult =
  | { ok: true; value: string | null }
  | { ok: false; value: string | null | undefined; error: unknown }

/**
 * Sends the toggle and toasts the outcome. `value` in the result is the local value to keep:
 * the new one on success, the unchanged current one on failure.
 */
export async function applyToggle(
  kind: ToggleKind,
  current: string | null | undefined,
  chosen: string,
  deps: ToggleDeps
): Promise<ToggleResult> {
  const spec = TOGGLES[kind]
  const next = nextToggleValue(current, chosen)
  try {
    await deps.put(spec.url, spec.body(next))
  } catch (error) {
    const detour = detourOf(error)
    if (detour && deps.visit) {
      // Not a failure: the server first wants a proof; the user switches again afterwards
      deps.toast('info', detour.message ?? spec.error)
      deps.visit(detour.url)
      return { ok: false, value: current, error }
    }
    ;(deps.logError ?? console.error)(spec.error, error)
    deps.toast('error', spec.error)
    return { ok: false, value: current, error }
  }
  deps.toast('success', toggleSuccessMessage(kind, next))
  return { ok: true, value: next }
}
