/*
 * Editing a texte modèle: the textarea, the placeholders to insert at the cursor, and the live
 * preview with sample data beside it (stacked on small screens).
 */
import { useRef } from 'react'
import { PLACEHOLDERS, TEXTE_LIMITS } from '@shared/textes'
import { FieldGroup } from '../form/index.js'
import TextePreview from './TextePreview.js'

export type TexteEditorProps = {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  help?: string
  rows?: number
}

/** The text with `{{key}}` put where the cursor is (or over the selection). */
export function insertAt(text: string, start: number, end: number, key: string) {
  const token = `{{${key}}}`
  return { text: text.slice(0, start) + token + text.slice(end), cursor: start + token.length }
}

export default function TexteEditor({
  id,
  label,
  value,
  onChange,
  error,
  help,
  rows = 12,
}: TexteEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null)

  function insert(key: string) {
    const el = area.current
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    const next = insertAt(value, start, end, key)
    onChange(next.text)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(next.cursor, next.cursor)
    })
  }

  return (
    <div className="row g-4">
      <div className="col-xl-6">
        <FieldGroup
          id={id}
          label={label}
          error={error}
          help={
            help ??
            `Texte simple : les retours à la ligne sont conservés. ${value.length} / ${TEXTE_LIMITS.contenu} caractères.`
          }
          required
        >
          {(control) => (
            <textarea
              {...control}
              ref={area}
              name="contenu"
              rows={rows}
              value={value}
              maxLength={TEXTE_LIMITS.contenu}
              onChange={(e) => onChange(e.target.value)}
              className={`form-control font-monospace ${control.className}`.trim()}
            />
          )}
        </FieldGroup>
        <details className="mb-3">
          <summary className="fw-semibold small">
            <i className="bi bi-braces me-1" aria-hidden="true" />
            Insérer un champ
          </summary>
          <div className="d-flex flex-wrap gap-1 mt-2" role="group" aria-label="Champs à insérer">
            {PLACEHOLDERS.map((p) => (
              <button
                key={p.key}
                type="button"
                className="btn btn-sm btn-outline-secondary"
                title={`${p.label} — exemple : ${p.sample}`}
                onClick={() => insert(p.key)}
              >
                {`{{${p.key}}}`}
              </button>
            ))}
          </div>
        </details>
      </div>
      <div className="col-xl-6">
        <div className="form-label" id={`${id}-preview-label`}>
          Aperçu avec des données d’exemple
        </div>
        <TextePreview contenu={value} id={`${id}-preview`} />
      </div>
    </div>
  )
}
