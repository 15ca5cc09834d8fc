/*
 * The one "unsaved changes" guard of the document editors (devis and offre): leaving the page (a
 * link, the browser's back, closing the tab) with unsaved changes asks first — the SPEC dialog
 * ('Êtes-vous sûr ?', « Continuer ») for Inertia visits, the browser's own prompt for a reload or
 * a closed tab. Form submissions and partial reloads are not guarded.
 */
import { useEffect, useRef } from 'react'
import { router } from '@inertiajs/react'
import { confirm } from '~/lib/dialogs'

export const UNSAVED_TEXT =
  'Vos modifications ne sont pas enregistrées. Quitter la page sans les enregistrer ?'

/** Asks whether to leave with unsaved changes (also used by the pages' own actions). */
export function confirmLeave(): Promise<boolean> {
  return confirm({ text: UNSAVED_TEXT, confirmText: 'Continuer' })
}

export function useUnsavedGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty)
  const bypass = useRef(false)
  useEffect(() => {
    dirtyRef.current = dirty
  }, [dirty])

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current || bypass.current) return
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    const remove = router.on('before', (event) => {
      const visit = event.detail.visit
      if (!dirtyRef.current || bypass.current || visit.method !== 'get') return
      // Partial reloads of this page (e.g. the pickers) do not leave it
      if (visit.only?.length || visit.except?.length) return
      event.preventDefault()
      void confirmLeave().then((ok) => {
        if (!ok) return
        bypass.current = true
        router.visit(visit.url, { method: visit.method, replace: visit.replace })
        setTimeout(() => (bypass.current = false), 1000)
      })
      return false
    })
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      remove()
    }
  }, [])

  /** Lets the next visit through (after a save, or a chosen reload). */
  return {
    allowNextVisit() {
      bypass.current = true
      setTimeout(() => (bypass.current = false), 1000)
    },
  }
}
