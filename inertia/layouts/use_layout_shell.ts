import { useEffect, useLayoutEffect } from 'react'
import { isDesktopWidth, layoutStore, type LayoutState } from '../lib/layout_store.js'

/**
 * Starts the layout store (saved dark mode / theme, colour-scheme and resize listeners) before the
 * first paint, so a dark-mode user never sees a light flash. Idempotent; never stopped: the store
 * lives as long as the page.
 */
export function useLayoutStart() {
  useLayoutEffect(() => {
    layoutStore.start()
  }, [])
}

/** Escape closes the mobile search overlay, the side overlay and the off-canvas sidebar. */
export function useEscapeCloses() {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      // Already handled by a dropdown or a fullscreen block, or meant for an open dialog
      if (e.key !== 'Escape' || e.defaultPrevented) return
      if (document.body.classList.contains('swal2-shown')) return
      const s = layoutStore.getState()
      if (s.headerSearch) layoutStore.headerSearch('off')
      if (s.sideOverlayVisible) layoutStore.sideOverlay('close')
      if (s.sidebarVisibleMobile && !isDesktopWidth(window.innerWidth)) layoutStore.sidebar('close')
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}

/** Clicking the page overlay closes the side overlay (and the off-canvas sidebar on mobile). */
export function closeOverlays() {
  layoutStore.sideOverlay('close')
  if (layoutStore.getState().sidebarVisibleMobile && !isDesktopWidth(window.innerWidth)) {
    layoutStore.sidebar('close')
  }
}

/**
 * Applies a variant's settings while it is shown and puts the previous values back when it goes:
 * the persistent layout is shared by every page, the variant belongs to one.
 */
export function useLayoutOverrides(overrides: Partial<LayoutState>) {
  const key = JSON.stringify(overrides)
  useLayoutEffect(() => {
    const patch = JSON.parse(key) as Partial<LayoutState>
    const names = Object.keys(patch) as (keyof LayoutState)[]
    if (names.length === 0) return
    const current = layoutStore.getState()
    const previous = Object.fromEntries(names.map((n) => [n, current[n]])) as Partial<LayoutState>
    layoutStore.set(patch)
    return () => layoutStore.set(previous)
  }, [key])
}
