/*
 * The session user and his sociétés (SPEC.md §4, §7): a tiny store seeded from the page's shared
 * `user` prop, completed by GET /api/user when a page did not carry it, and GET /api/user/societes
 * on demand.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { usePage } from '@inertiajs/react'
import { http } from '~/lib/http'
import type { CurrentUser, SharedProps } from '~/types'
import { route } from './route.js'

export interface SocieteSummary {
  id: number
  nom: string
  type: 'esi' | 'pro' | 'client' | 'fournisseur'
  /** The user's role in this société (pivot). */
  role: 'admin' | 'membre'
}

export interface UserState {
  user: CurrentUser | null
  societes: SocieteSummary[] | null
  /** The shared prop the user was last seeded from (to tell a fresh page from a local change). */
  seed: CurrentUser | null | undefined
}

let state: UserState = { user: null, societes: null, seed: undefined }
const listeners = new Set<() => void>()
let userRequest: Promise<CurrentUser | null> | null = null
let societesRequest: Promise<SocieteSummary[]> | null = null

function setState(next: Partial<UserState>): void {
  state = { ...state, ...next }
  listeners.forEach((listener) => listener())
}

export const userStore = {
  getState: (): UserState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Takes the page's shared user (null = guest; the sociétés are dropped on a user change). */
  seed(user: CurrentUser | null): void {
    if (state.seed === user) return
    const sameUser = user !== null && state.user?.id === user.id
    setState({ user, seed: user, societes: sameUser ? state.societes : null })
  },
  /** Local change after a successful server call (e.g. droit, acces_role). */
  patchUser(patch: Partial<CurrentUser>): void {
    if (state.user) setState({ user: { ...state.user, ...patch } })
  },
  reset(): void {
    userRequest = null
    societesRequest = null
    setState({ user: null, societes: null, seed: undefined })
  },
}

/**
 * GET /api/user, kept as the session user. One request at a time. A failure is logged and
 * rethrown; 401/419 are already redirected to /login by the http helper.
 */
export function loadUser(): Promise<CurrentUser | null> {
  userRequest ??= http
    .get<CurrentUser>(route('api.user'))
    .then((user) => {
      setState({ user })
      return user
    })
    .catch((error: unknown) => {
      console.error('Could not load the current user (GET /api/user)', error)
      throw error
    })
    .finally(() => {
      userRequest = null
    })
  return userRequest
}

/** GET /api/user/societes, kept as `societes`. Same failure handling as loadUser(). */
export function loadSocietes(): Promise<SocieteSummary[]> {
  societesRequest ??= http
    .get<SocieteSummary[]>(route('api.user.societes'))
    .then((societes) => {
      setState({ societes })
      return societes
    })
    .catch((error: unknown) => {
      console.error('Could not load the sociétés (GET /api/user/societes)', error)
      throw error
    })
    .finally(() => {
      societesRequest = null
    })
  return societesRequest
}

function useUserState(): UserState {
  return useSyncExternalStore(userStore.subscribe, userStore.getState, userStore.getState)
}

/**
 * The current user. Seeded from the page's shared `user` prop; when a page did not carry that
 * prop at all and nothing is loaded yet, GET /api/user is called on first mount. A shared null
 * means a guest: nothing is fetched (it would only answer 401 and bounce the guest to /login).
 */
export function useCurrentUser(): CurrentUser | null {
  const shared = usePage<SharedProps>().props.user as CurrentUser | null | undefined
  const current = useUserState()

  useEffect(() => {
    if (shared !== undefined) userStore.seed(shared)
    // Nothing loaded and nothing shared: fetch (loadUser() never runs two requests at once)
    else if (!userStore.getState().user) loadUser().catch(() => {})
  }, [shared])

  // Until the effect has seeded the store, the page's own prop is the freshest value
  if (shared !== undefined && current.seed !== shared) return shared
  return current.user
}

/** The sociétés of the current user, loaded on first use. */
export function useSocietes(): SocieteSummary[] | null {
  const { societes } = useUserState()
  useEffect(() => {
    if (!userStore.getState().societes) loadSocietes().catch(() => {})
  }, [])
  return societes
}
