/*
 * The devis's client: searched as you type (GET /esi/devis/clients, accent-free), or created on
 * the spot in the "Nouveau client" modal (POST /esi/devis/clients, French errors by field).
 */
import { useEffect, useId, useState } from 'react'
import { http } from '../../lib/http.js'
import type { DevisClientOption } from '@shared/devis_editor'
import NewClientModal from './NewClientModal.js'
import { route } from '~/lib/route'

export type ClientPickerProps = {
  value: DevisClientOption | null
  onChange: (client: DevisClientOption | null) => void
  error?: string
  readOnly?: boolean
}

export default function ClientPicker({ value, onChange, error, readOnly }: ClientPickerProps) {
  const listId = useId()
  const [q, setQ] = useState('')
  const [results, setResults] = useState<DevisClientOption[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    if (q.trim().length < 2) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      http
        .get<{ clients: DevisClientOption[] }>(route('esi.devis.clients', {}, { q: q.trim() }), {
          signal: controller.signal,
          progress: false,
        })
        .then((r) => {
          setResults(r.clients)
          setActive(-1)
          setOpen(true)
        })
        .catch(() => {})
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q])

  function choose(c: DevisClientOption) {
    onChange(c)
    setQ('')
    setResults([])
    setOpen(false)
  }

  if (value) {
    return (
      <div>
        <span className="form-label d-block">
          Client{' '}
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        </span>
        <div
          className="d-flex align-items-start gap-2 border rounded p-2"
          data-testid="client-choisi"
        >
          <i className="bi bi-person-circle fs-4 text-body-secondary" aria-hidden="true" />
          <div className="flex-grow-1">
            <div className="fw-semibold">{value.nom}</div>
            <div className="small text-body-secondary">
              {[value.detail, value.email ?? 'pas d’e-mail'].filter(Boolean).join(' · ')}
            </div>
          </div>
          {!readOnly && (
            <button
              type="button"
              className="btn btn-sm btn-alt-secondary"
              onClick={() => onChange(null)}
            >
              Changer
            </button>
          )}
        </div>
      </div>
    )
  }

  const showList = open && q.trim().length >= 2
  return (
    <div className="position-relative">
      <label htmlFor="client_search" className="form-label">
        Client{' '}
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      </label>
      <div className="input-group">
        <input
          id="client_search"
          type="search"
          className={`form-control${error ? ' is-invalid' : ''}`}
          placeholder="Nom, société, localité, e-mail…"
          value={q}
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'client_id-error' : undefined}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => setQ(e.target.value)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => results.length > 0 && setOpen(true)}
          onKeyDown={(e) => {
            // Enter in the search never submits the devis around it
            if (e.key === 'Enter') e.preventDefault()
            if (!showList || results.length === 0) return
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              setActive((a) => Math.min(a + 1, results.length - 1))
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              setActive((a) => Math.max(a - 1, 0))
            } else if (e.key === 'Enter') {
              choose(results[Math.max(active, 0)])
            } else if (e.key === 'Escape') {
              setOpen(false)
            }
          }}
        />
        <button type="button" className="btn btn-alt-primary" onClick={() => setCreating(true)}>
          <i className="bi bi-person-plus me-1" aria-hidden="true" />
          Nouveau client
        </button>
      </div>
      {error && (
        <div id="client_id-error" className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {showList && (
        <ul
          id={listId}
          role="listbox"
          className="list-group position-absolute w-100 shadow-sm"
          style={{ zIndex: 30, maxHeight: '20rem', overflowY: 'auto' }}
        >
          {results.length === 0 && (
            <li className="list-group-item small text-body-secondary">Aucun client trouvé.</li>
          )}
          {results.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault()
                choose(c)
              }}
            >
              <div className="fw-semibold">{c.nom}</div>
              <div className="small">{[c.detail, c.email].filter(Boolean).join(' · ')}</div>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <NewClientModal
          show={creating}
          initialNom={q}
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false)
            choose(c)
          }}
        />
      )}
    </div>
  )
}
