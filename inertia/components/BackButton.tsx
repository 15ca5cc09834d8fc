/*
 * "Retour" (SPEC.md §2): back in the browser history when the previous entry is ours,
 * otherwise to the bdc index.
 */
import type { ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { route } from '~/lib/route'

export const BACK_FALLBACK_URL = route('esi.bdc.index')

/**
 * True when going back stays inside the application. The Navigation API knows it exactly
 * (its entries are same-origin only); older browsers fall back to history length plus a
 * same-origin referrer.
 */
export function canGoBack(win: Window = window): boolean {
  const nav = (win as Window & { navigation?: { canGoBack: boolean } }).navigation
  if (nav && typeof nav.canGoBack === 'boolean') return nav.canGoBack
  if (win.history.length <= 1 || !win.document.referrer) return false
  try {
    return new URL(win.document.referrer).origin === win.location.origin
  } catch {
    return false
  }
}

export interface BackButtonProps {
  /** Default 'Retour'. */
  label?: ReactNode
  /** Where to go without history; default the bdc index. */
  fallback?: string
  className?: string
}

export default function BackButton({
  label = 'Retour',
  fallback = BACK_FALLBACK_URL,
  className = 'btn btn-alt-secondary',
}: BackButtonProps) {
  const goBack = () => {
    if (canGoBack()) window.history.back()
    else router.visit(fallback)
  }
  return (
    <button type="button" className={className} onClick={goBack}>
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      {label}
    </button>
  )
}
