/*
 * Toasts (SPEC.md §8, §9): top right, progress bar, no confirm button; success and info stay
 * 3000 ms, warning and error 4000 ms.
 */
import { useEffect } from 'react'
import { usePage } from '@inertiajs/react'
import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2'
import type { SharedProps } from '~/types'

export type ToastType = 'success' | 'error' | 'info' | 'warning'

export const TOAST_DURATIONS: Record<ToastType, number> = {
  success: 3000,
  info: 3000,
  warning: 4000,
  error: 4000,
}

export const TOAST_DEFAULT_MESSAGES: Record<ToastType, string> = {
  success: 'Action réussie',
  error: 'Une erreur est survenue',
  info: 'Information',
  warning: 'Attention',
}

/** Order in which flash messages of one visit are shown: the most important first. */
export const FLASH_ORDER: ToastType[] = ['error', 'warning', 'success', 'info']

type Toaster = { fire: (options: SweetAlertOptions) => Promise<SweetAlertResult> }
let Toast: Toaster | null = null
let loading: Promise<Toaster> | null = null

/**
 * sweetalert2 (20 kB gz) is loaded on the first toast, not with the app: the login page's JS
 * stays within its 150 kB budget (issue 15 §1, decision 576). Once loaded, toasts open at once.
 */
export function loadToasts(): Promise<Toaster> {
  loading ??= import('sweetalert2').then(({ default: Swal }) => {
    Toast = Swal.mixin({
      toast: true,
      position: 'top-end',
      showConfirmButton: false,
      timerProgressBar: true,
      // Hovering a toast pauses it so a longer message can be read
      didOpen: (popup) => {
        popup.addEventListener('mouseenter', () => Swal.stopTimer())
        popup.addEventListener('mouseleave', () => Swal.resumeTimer())
      },
    })
    return Toast
  })
  return loading
}

/** The per-call options of a toast; exported for tests. */
export function toastOptions(type: ToastType, message?: string): SweetAlertOptions {
  return {
    icon: type,
    // Plain text, never HTML: messages may echo user input
    titleText: message?.trim() ? message : TOAST_DEFAULT_MESSAGES[type],
    timer: TOAST_DURATIONS[type],
  }
}

/** Shows a toast; resolves when it closes. */
export function toast(type: ToastType, message?: string): Promise<SweetAlertResult> {
  if (Toast) return Toast.fire(toastOptions(type, message))
  return loadToasts().then((loaded) => loaded.fire(toastOptions(type, message)))
}

/**
 * Shows the flash messages of the current page as toasts (called once by the layouts).
 * Keyed on the flash object: every visit brings a new one, so each message shows once per
 * visit. One toast at a time (sweetalert2 has a single popup), so several run one after another.
 */
export function useFlashToasts(): void {
  const flash = usePage<SharedProps>().props.flash
  useEffect(() => {
    if (!flash) return
    const queue = FLASH_ORDER.filter((type) => flash[type]).map(
      (type) => [type, flash[type]!] as const
    )
    if (queue.length === 0) return
    let cancelled = false
    void (async () => {
      for (const [type, message] of queue) {
        if (cancelled) return
        await toast(type, message)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [flash])
}
