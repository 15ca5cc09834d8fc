/*
 * The designation cell of a produit line: typed freely, and as you type the active catalogue
 * products matching it are offered (the editor's catalogue: esi prices for a devis, the
 * société's partner prices for an offre); choosing one fills the line's designation, unit,
 * price and VAT rate (still editable).
 */
import { useEffect, useId, useRef, useState } from 'react'
import { http } from '../../lib/http.js'
import { formatEuros } from '@shared/totals'
import { UNITE_LABELS, type Unite } from '@shared/produits'
import type { Catalogue, ProduitChoice } from './catalogue.js'

export type ProduitAutocompleteProps = {
  id: string
  value: string
  catalogue: Catalogue
  onChange: (value: string) => void
  onPick: (produit: ProduitChoice) => void
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}

export default function ProduitAutocomplete({
  id,
  value,
  catalogue,
  onChange,
  onPick,
  invalid,
  describedBy,
  disabled,
}: ProduitAutocompleteProps) {
  const listId = useId()
  const [results, setResults] = useState<ProduitChoice[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const typed = useRef(false)

  useEffect(() => {
    if (!typed.current || value.trim().length < 2) {
      setResults([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      http
        .get<unknown>(catalogue.url(value.trim()), { signal: controller.signal, progress: false })
        .then((body) => {
          setResults(catalogue.choices(body))
          setActive(-1)
          setOpen(true)
        })
        .catch(() => {})
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [value, catalogue])

  function pick(p: ProduitChoice) {
    typed.current = false
    setOpen(false)
    setResults([])
    onPick(p)
  }

  const showList = open && results.length > 0
  return (
    <div className="position-relative">
      <textarea
        id={id}
        rows={1}
        className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
        value={value}
        disabled={disabled}
        placeholder="Désignation ou recherche dans le catalogue…"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          typed.current = true
          onChange(e.target.value)
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (!showList) return
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setActive((a) => Math.min(a + 1, results.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault()
            pick(results[active])
          } else if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            setOpen(false)
          }
        }}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          className="list-group position-absolute w-100 shadow-sm"
          style={{ zIndex: 20, maxHeight: '16rem', overflowY: 'auto' }}
        >
          {results.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              data-produit-id={p.id}
              className={`list-group-item list-group-item-action py-1 small${i === active ? ' active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(p)
              }}
              onMouseEnter={() => setActive(i)}
            >
              <div className="d-flex justify-content-between gap-2">
                <span>
                  <span className="fw-semibold">{p.libelle}</span>
                  <span className="d-block opacity-75">
                    {p.reference} · {UNITE_LABELS[p.unite as Unite] ?? p.unite} · TVA {p.taux_tva} %
                  </span>
                </span>
                <span className="text-end text-nowrap">
                  <span className="fw-semibold">{formatEuros(p.prix_ht)}</span>
                  {p.prix_ht !== p.prix_catalogue_ht && (
                    <span className="d-block opacity-75 text-decoration-line-through">
                      {formatEuros(p.prix_catalogue_ht)}
                    </span>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
