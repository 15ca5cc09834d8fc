// STUB — owned by the "client plumbing" helper, who replaces the body. Keep the exported signatures.
export type ToastType = 'success' | 'error' | 'info' | 'warning'
export function toast(_type: ToastType, _message?: string): Promise<unknown> {
  return Promise.resolve()
}
/** Shows the flash messages of the current page as toasts (called once by the layouts). */
export function useFlashToasts(): void {}
