/*
 * The measurement sheet's draft (issue 12 §2): kept in IndexedDB at once, merged over the
 * server's rows on load, and sent by the sync when the network is there (online event, retries).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { get as idbGet, set as idbSet } from 'idb-keyval'
import { route } from '../../lib/route.js'
import { http, HttpError } from '../../lib/http.js'
import {
  acknowledge,
  buildPayload,
  mergeDraft,
  pendingCount,
  retryDelay,
  rowErrors,
  type Draft,
  type ServerRow,
  type SyncPayload,
} from '../../lib/mesurage_draft.js'
import type { SyncState } from './types.js'

export const draftKey = (commandeId: number) => `mesurage:${commandeId}`

function online(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine
}

/** What the page received from the server: its sheet and rows. */
export type MesureDraftInput = {
  commandeId: number
  mesure: { statut: string; lock_version: number; remarques: string }
  lignes: ServerRow[]
  readOnly: boolean
}

export function useMesureDraft({ commandeId, mesure, lignes, readOnly }: MesureDraftInput) {
  const key = draftKey(commandeId)
  const [draft, setDraftState] = useState<Draft>(() =>
    mergeDraft(commandeId, { lignes, remarques: mesure.remarques }, null)
  )
  const [loaded, setLoaded] = useState(false)
  const [isOnline, setIsOnline] = useState(online())
  const [syncState, setSyncState] = useState<SyncState>('idle')
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const draftRef = useRef(draft)
  const lockRef = useRef(mesure.lock_version)
  const sendingRef = useRef(false)
  const attemptRef = useRef(0)
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null)
  const syncRef = useRef<() => Promise<void>>(async () => {})

  const schedule = useCallback((delay: number) => {
    if (timerRef.current) clearTimeout(timerRef.current)
    timerRef.current = setTimeout(() => {
      timerRef.current = null
      void syncRef.current()
    }, delay)
  }, [])

  const setDraft = useCallback(
    (update: (d: Draft) => Draft) => {
      const next = update(draftRef.current)
      draftRef.current = next
      setDraftState(next)
      void idbSet(key, next).catch(() => {})
    },
    [key]
  )

  // The stored draft (typed offline, maybe before a reload) merged over the server's rows
  useEffect(() => {
    let alive = true
    idbGet<Draft>(key)
      .catch(() => undefined)
      .then((stored) => {
        if (!alive) return
        setDraft(() =>
          mergeDraft(commandeId, { lignes, remarques: mesure.remarques }, stored ?? null)
        )
        setLoaded(true)
      })
    return () => {
      alive = false
    }
    // Re-merge when the server's sheet changes (after a validation, a reopening)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mesure.lock_version, mesure.statut])

  useEffect(() => {
    lockRef.current = mesure.lock_version
  }, [mesure.lock_version])

  const sync = useCallback(async () => {
    if (sendingRef.current || !online() || readOnly) return
    const current = draftRef.current
    if (pendingCount(current) === 0) return
    sendingRef.current = true
    setSyncState('sending')
    const { payload, sent } = buildPayload(current)
    try {
      const answer = await http.post<{ lock_version: number; lignes: ServerRow[] }>(
        route('esi.mesurage.sync', { id: commandeId }),
        payload,
        { progress: false }
      )
      lockRef.current = answer.lock_version
      attemptRef.current = 0
      setDraft((d) => acknowledge(d, sent, answer.lignes))
      setErrors({})
      setFormErrors([])
      setSyncState('idle')
      sendingRef.current = false
      // Typed while sending: send that too
      if (pendingCount(draftRef.current) > 0) schedule(300)
    } catch (error) {
      sendingRef.current = false
      if (error instanceof HttpError && error.status === 422) {
        const body = error.body as {
          message?: string
          errors?: { field: string; message: string }[]
        }
        const mapped = rowErrors(body.errors ?? [], payload as SyncPayload)
        setErrors(mapped.rows)
        setFormErrors(
          mapped.form.length ? mapped.form : body.errors ? [] : [body.message ?? error.message]
        )
        setSyncState('refused')
        return
      }
      if (
        error instanceof HttpError &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        setFormErrors([error.message])
        setSyncState('refused')
        return
      }
      // Network gone or server busy: try again later, nothing lost
      setSyncState('error')
      schedule(retryDelay(attemptRef.current++))
    }
  }, [commandeId, readOnly, setDraft, schedule])

  useEffect(() => {
    syncRef.current = sync
  }, [sync])

  useEffect(() => {
    const up = () => {
      setIsOnline(true)
      attemptRef.current = 0
      schedule(0)
    }
    const down = () => setIsOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
      if (timerRef.current) clearTimeout(timerRef.current)
    }
  }, [schedule])

  // A stored draft with pending changes is sent as soon as the page is loaded and online
  useEffect(() => {
    if (loaded && pendingCount(draftRef.current) > 0) schedule(0)
  }, [loaded, schedule])

  const change = (update: (d: Draft) => Draft) => {
    setDraft(update)
    if (syncState === 'refused') setSyncState('idle')
    schedule(800)
  }

  return {
    draft,
    setDraft,
    loaded,
    isOnline,
    syncState,
    errors,
    setErrors,
    formErrors,
    setFormErrors,
    lockRef,
    draftRef,
    sync,
    change,
  }
}
