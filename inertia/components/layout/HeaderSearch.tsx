/*
 * Header search (SPEC.md §2): a form on wide screens and a full-header overlay on small ones.
 * Both send GET /recherhce?q=… (the route is spelled so).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import { layoutStore, useLayout } from '../../lib/layout_store.js'
import { route } from '~/lib/route'

export const SEARCH_PATH = route('esi.recherche')

function submitSearch(e: FormEvent<HTMLFormElement>, q: string) {
  e.preventDefault()
  const query = q.trim()
  layoutStore.headerSearch('off')
  router.get(SEARCH_PATH, query ? { q: query } : {})
}

/** Inline form, visible from the md breakpoint. */
export function HeaderSearchForm() {
  const [q, setQ] = useState('')
  return (
    <form
      className="header-search d-none d-md-block"
      action={SEARCH_PATH}
      method="GET"
      role="search"
      onSubmit={(e) => submitSearch(e, q)}
    >
      <label htmlFor="page-header-search-input-full" className="visually-hidden">
        Rechercher
      </label>
      <div className="header-search-field">
        <i className="bi bi-search" aria-hidden="true" />
        <input
          id="page-header-search-input-full"
          type="search"
          name="q"
          className="form-control"
          placeholder="Rechercher…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
    </form>
  )
}

/** Button opening the overlay, below the md breakpoint. */
export function HeaderSearchButton() {
  return (
    <button
      type="button"
      className="btn btn-alt-secondary d-md-none"
      onClick={() => layoutStore.headerSearch('on')}
      aria-label="Rechercher"
    >
      <i className="bi bi-search" aria-hidden="true" />
    </button>
  )
}

/** Overlay covering the header; Escape (layout handler) or the close button hides it. */
export function HeaderSearchOverlay() {
  const open = useLayout((s) => s.headerSearch)
  const [q, setQ] = useState('')
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  return (
    <div id="page-header-search" className={`overlay-header${open ? ' show' : ''}`} hidden={!open}>
      <div className="content-header">
        <form
          className="w-100"
          action={SEARCH_PATH}
          method="GET"
          role="search"
          onSubmit={(e) => submitSearch(e, q)}
        >
          <div className="input-group">
            <button
              type="button"
              className="btn btn-alt-danger"
              onClick={() => layoutStore.headerSearch('off')}
              aria-label="Fermer la recherche"
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </button>
            <input
              ref={input}
              type="search"
              name="q"
              className="form-control"
              placeholder="Rechercher… (Échap pour fermer)"
              aria-label="Rechercher"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            <button
              type="submit"
              className="btn btn-alt-secondary"
              aria-label="Lancer la recherche"
            >
              <i className="bi bi-search" aria-hidden="true" />
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
