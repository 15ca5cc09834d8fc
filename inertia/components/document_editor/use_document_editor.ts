/*
 * The state and the one submit path of a document editor (devis and offre): the values as typed,
 * "dirty" against what was last saved (typing a value back is not a change), the live totals
 * (shared/totals.ts, what the server stores), the one unsaved-changes guard, and the save as
 * JSON — POST to create (then the edit page), PUT with the lock_version seen to save. A refused
 * save keeps everything typed: 422 shows each French message on its field or cell
 * (`lignes.3.quantite`), 409 the sticky conflict alert.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { withKeys } from '../lignes/LignesTable.js'
import {
  useDocumentTotals,
  type LiveTotals,
  type TotalsForm,
} from '../lignes/use_document_totals.js'
import { saveFailure } from './save_errors.js'
import { useUnsavedGuard } from './use_unsaved_guard.js'
import { http } from '~/lib/http'
import { toast } from '~/lib/toast'
import type { LigneForm } from '@shared/devis'

/** What the server answers to a save (PUT); a create (POST) answers at least the new id. */
export type SavedDocument = { lock_version: number; message?: string } & Record<string, unknown>
export type CreatedDocument = { id: number } & Record<string, unknown>

/** What every document editor holds: its lines, its totals' inputs and its two texts. */
export type EditorForm = TotalsForm & { intro: string; conditions: string }

/** The props of a text input bound to one field of the editor. */
export type FieldProps = {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  readOnly: boolean
}

export type StringKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string

export type DocumentEditorOptions<T extends EditorForm> = {
  initial: T
  /** The labels of the header fields (their inputs and the summary of refused fields). */
  labels: Record<string, string>
  /** Edit: the version opened (sent back with every save); Create: null. */
  lockVersion: number | null
  /** Where to POST a new document (Create) or PUT this one (Edit). */
  url: string
  readOnly?: boolean
  /** A conflict told by the page (e.g. a refused status change), shown like the editor's own. */
  conflict?: string | null
  /** After a create: where to go (the edit page of the new document). */
  onCreated: (created: CreatedDocument) => void
  /** After a save, with the server's answer (the page may reload its other parts). */
  onSaved?: (saved: SavedDocument) => void
  /** The toast of a save (default: the server's `message`). */
  savedMessage?: (saved: SavedDocument) => string | undefined
  /** The toast of a create, if the server does not flash one. */
  createdMessage?: string
  /** The toast when no answer came (offline…). */
  failedMessage: string
  onDirtyChange?: (dirty: boolean) => void
}

export type DocumentEditor<T extends EditorForm> = {
  data: T
  labels: Record<string, string>
  /** A text field's props: its value, label, change and error. */
  field: (key: StringKey<T>) => FieldProps
  /** One field, or the whole values from the previous ones. */
  set: <K extends keyof T>(key: K, value: T[K]) => void
  update: (updater: (data: T) => T) => void
  /** The server's messages, by field. */
  serverErrors: Record<string, string>
  /** The cells that do not parse while typing, then the server's messages. */
  errors: Record<string, string | undefined>
  live: LiveTotals
  dirty: boolean
  processing: boolean
  conflict: string | null
  lockVersion: number | null
  savedAt: Date | null
  isCreate: boolean
  readOnly: boolean
  submit: (event?: FormEvent) => Promise<void>
  /** Reloads the page (the conflict alert's button), without the unsaved-changes question. */
  reload: () => void
}

/** The body sent: the values without the rows' React keys. */
export function payloadOf<T extends { lignes: LigneForm[] }>(data: T): T {
  return { ...data, lignes: data.lignes.map(({ key: _key, ...l }) => l) }
}

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export function useDocumentEditor<T extends EditorForm>(
  options: DocumentEditorOptions<T>
): DocumentEditor<T> {
  const { readOnly = false } = options
  const [data, setData] = useState<T>(() => ({
    ...options.initial,
    lignes: withKeys(options.initial.lignes),
  }))
  const [saved, setSaved] = useState<T>(data)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [processing, setProcessing] = useState(false)
  const [lockVersion, setLockVersion] = useState(options.lockVersion)
  const [savedAt, setSavedAt] = useState<Date | null>(null)
  // A conflict told by the page arrives once (flash): kept until the page is reloaded
  const [conflict, setConflict] = useState<string | null>(options.conflict ?? null)
  const [seenConflict, setSeenConflict] = useState(options.conflict ?? null)
  if ((options.conflict ?? null) !== seenConflict) {
    setSeenConflict(options.conflict ?? null)
    if (options.conflict) setConflict(options.conflict)
  }
  const busy = useRef(false)

  const live = useDocumentTotals(data)
  const errors = useMemo(
    () => ({ ...live.limits, ...live.errors, ...serverErrors }),
    [live.limits, live.errors, serverErrors]
  )
  const dirty = useMemo(() => !readOnly && !sameValues(data, saved), [readOnly, data, saved])
  const guard = useUnsavedGuard(dirty)
  const { onDirtyChange } = options
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])

  function set<K extends keyof T>(key: K, value: T[K]) {
    setData((d) => ({ ...d, [key]: value }))
    // A header field's message goes once it is changed; the cells keep theirs until the save
    if (serverErrors[key as string]) {
      setServerErrors(({ [key as string]: _, ...rest }) => rest)
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (readOnly || busy.current) return
    busy.current = true
    setProcessing(true)
    setConflict(null)
    const sent = data
    const body = payloadOf(sent)
    try {
      if (lockVersion === null) {
        const created = await http.post<CreatedDocument>(options.url, body)
        setSaved(sent)
        guard.allowNextVisit()
        if (options.createdMessage) void toast('success', options.createdMessage)
        options.onCreated(created)
        return
      }
      const result = await http.put<SavedDocument>(options.url, {
        ...body,
        lock_version: lockVersion,
      })
      setLockVersion(result.lock_version)
      setSaved(sent)
      setServerErrors({})
      setSavedAt(new Date())
      guard.allowNextVisit()
      options.onSaved?.(result)
      const message = options.savedMessage?.(result) ?? result.message
      if (message) void toast('success', message)
    } catch (error) {
      const failure = saveFailure(error, options.failedMessage)
      if (failure.kind === 'invalid') {
        setServerErrors(failure.errors)
        void toast('error', failure.message)
      } else if (failure.kind === 'conflict') {
        setConflict(failure.message)
      } else {
        void toast('error', failure.message)
      }
    } finally {
      busy.current = false
      setProcessing(false)
    }
  }

  return {
    data,
    labels: options.labels,
    field: (key) => ({
      name: key,
      label: options.labels[key] ?? key,
      value: data[key] as string,
      onChange: (value: string) => set(key, value as T[typeof key]),
      error: errors[key],
      readOnly,
    }),
    set,
    update: setData,
    serverErrors,
    errors,
    live,
    dirty,
    processing,
    conflict,
    lockVersion,
    savedAt,
    isCreate: lockVersion === null,
    readOnly,
    submit,
    reload() {
      guard.allowNextVisit()
      window.location.reload()
    },
  }
}
