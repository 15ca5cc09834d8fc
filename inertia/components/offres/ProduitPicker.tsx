/*
 * Search the catalogue as you type and add a product as a line, at the société's partner price
 * (computed by the server with shared/offres.ts partnerPrice). The purchase price never comes.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { http, HttpError } from '~/lib/http'
import { formatEuros } from '@shared/totals'
import { UNITE_LABELS, type Unite } from '@shared/produits'
import type { OffreProduitOption } from '@shared/offres'

export interface ProduitPickerProps {
  societeId: number | null
  onPick: (produit: OffreProduitOption) => void
}

export default function ProduitPicker({ societeId, onPick }: ProduitPickerProps) {
  const [q, setQ] = useState('')
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [results, setResults] = useState<OffreProduitOption[]>([])
  const [active, setActive] = useState(0)
  const listId = useId()
  const seq = useRef(0)

  useEffect(() => {
    if (!open || !societeId) return
    const mine = ++seq.current
    const timer = setTimeout(async () => {
      setLoading(true)
      try {
        const params = new URLSearchParams({ q, societe_id: String(societeId) })
        const data = await http.get<{ produits: OffreProduitOption[] }>(
          `/app/offres/produits?${params}`,
          { progress: false }
        )
        if (mine !== seq.current) return
        setResults(data.produits)
        setActive(0)
        setError(null)
      } catch (e) {
        if (mine !== seq.current) return
        setError(e instanceof HttpError ? e.message : 'Le catalogue est indisponible.')
      } finally {
        if (mine === seq.current) setLoading(false)
      }
    }, 200)
    return () => clearTimeout(timer)
  }, [q, open, societeId])

  function pick(p: OffreProduitOption) {
    onPick(p)
    setQ('')
    setOpen(false)
  }

  return (
    <div className="position-relative flex-grow-1" style={{ minWidth: 260, maxWidth: 520 }}>
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Ajouter un produit du catalogue
      </label>
      <div className="input-group">
        <span className="input-group-text">
          <i className="bi bi-search" aria-hidden="true" />
        </span>
        <input
          id={`${listId}-input`}
          data-testid="produit-search"
          type="search"
          className="form-control"
          placeholder="Ajouter un produit du catalogue…"
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          value={q}
          disabled={!societeId}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onChange={(e) => {
            setQ(e.target.value)
            setOpen(true)
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              setActive((i) => Math.min(i + 1, results.length - 1))
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              setActive((i) => Math.max(i - 1, 0))
            } else if (e.key === 'Enter') {
              e.preventDefault()
              if (results[active]) pick(results[active])
            } else if (e.key === 'Escape') {
              setOpen(false)
            }
          }}
        />
        {loading && (
          <span className="input-group-text">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          </span>
        )}
      </div>
      {open && (
        <ul
          id={listId}
          role="listbox"
          className="list-group position-absolute w-100 shadow mt-1 overflow-auto"
          style={{ zIndex: 1050, maxHeight: 320 }}
        >
          {error && <li className="list-group-item text-danger small">{error}</li>}
          {!error && !loading && results.length === 0 && (
            <li className="list-group-item text-body-secondary small">
              Aucun produit actif ne correspond.
            </li>
          )}
          {results.map((p, i) => (
            <li
              key={p.id}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action d-flex justify-content-between gap-3 ${
                i === active ? 'active' : ''
              }`}
              data-produit-id={p.id}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(p)
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span>
                <span className="fw-semibold">{p.libelle}</span>
                <span className="d-block small opacity-75">
                  {p.reference} · {UNITE_LABELS[p.unite as Unite] ?? p.unite} · TVA {p.taux_tva} %
                </span>
              </span>
              <span className="text-end text-nowrap">
                <span className="fw-semibold">{formatEuros(p.prix_partenaire_ht)}</span>
                {p.prix_partenaire_ht !== p.prix_catalogue_ht && (
                  <span className="d-block small opacity-75 text-decoration-line-through">
                    {formatEuros(p.prix_catalogue_ht)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
