/*
 * "Insérer un texte modèle": the Textes modèles of a category (intro or conditions) in a menu;
 * the chosen one is added to the field (or replaces it when the field is empty).
 */
import { useState } from 'react'
import type { DevisTexteOption } from '@shared/devis_editor'

export default function TexteModeleButton({
  textes,
  onInsert,
  label = 'Insérer un texte modèle',
}: {
  textes: DevisTexteOption[]
  onInsert: (contenu: string) => void
  label?: string
}) {
  const [open, setOpen] = useState(false)
  if (textes.length === 0) return null
  return (
    <div className="dropdown d-inline-block">
      <button
        type="button"
        className="btn btn-sm btn-alt-secondary dropdown-toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      >
        <i className="bi bi-card-text me-1" aria-hidden="true" />
        {label}
      </button>
      <ul className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}>
        {textes.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className="dropdown-item"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setOpen(false)
                onInsert(t.contenu)
              }}
            >
              {t.titre}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
