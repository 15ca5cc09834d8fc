/*
 * A text of a document (introduction, conditions): a labelled textarea with its French error and,
 * beside the label, an optional action (e.g. « Insérer un texte modèle ») hidden when read-only.
 */
import type { ReactNode } from 'react'
import { FieldGroup } from '../form/index.js'

export type EditorTextAreaProps = {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  readOnly?: boolean
  aside?: ReactNode
  rows?: number
  maxLength?: number
}

export default function EditorTextArea({
  name,
  label,
  value,
  onChange,
  error,
  readOnly,
  aside,
  rows = 5,
  maxLength,
}: EditorTextAreaProps) {
  return (
    <FieldGroup
      id={name}
      label={label}
      error={error}
      className="mb-3"
      labelAside={readOnly ? undefined : aside}
    >
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={rows}
          maxLength={maxLength}
          className={`form-control ${control.className}`.trim()}
          value={value}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldGroup>
  )
}
