/*
 * "Unsaved changes" guard of the editor: leaving the page (a link, the browser's back, closing the
 * tab) with unsaved changes asks first — the SPEC dialog ('Êtes-vous sûr ?') for Inertia visits,
 * the browser's own prompt for a reload or a closed tab. Form submissions are not guarded.
 */
import { useEffect, useRef } from 'react'
import { router } from '@inertiajs/react'
import { confirm } from '../../lib/dialogs/index.js'

export const UNSAVED_TEXT =
  'Vos modifications ne sont pas enregistrées. Quitter la page sans les enregistrer ?'

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
      void confirm({ text: UNSAVED_TEXT, confirmText: 'Continuer' }).then((ok) => {
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
