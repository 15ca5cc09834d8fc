// STUB — owned by the "client plumbing" helper, who replaces the body. Keep the exported signatures.
import { usePage } from '@inertiajs/react'
import type { CurrentUser, SharedProps } from '~/types'
/** The current user; the authenticated layout fetches GET /api/user on first mount if not loaded. */
export function useCurrentUser(): CurrentUser | null {
  return usePage<SharedProps>().props.user
}
