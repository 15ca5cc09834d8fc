/*
 * The designation cell of a produit line: typed freely, and as you type the active catalogue
 * products matching it are offered (GET /esi/devis/produits); choosing one fills the line's
 * designation, unit, price and VAT rate (still editable).
 */
import { useEffect, useId, useRef, useState } from 'react'
import { http } from '../../lib/http.js'
import type { DevisProduitOption } from '@shared/devis_editor'
import { formatEuros } from '@shared/totals'

export type ProduitAutocompleteProps = {
  id: string
  value: string
  onChange: (value: string) => void
  onPick: (produit: DevisProduitOption) => void
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}

export default function ProduitAutocomplete({
  id,
  value,
  onChange,
  onPick,
  invalid,
  describedBy,
  disabled,
}: ProduitAutocompleteProps) {
  const listId = useId()
  const [results, setResults] = useState<DevisProduitOption[]>([])
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
        .get<{ produits: DevisProduitOption[] }>(
          `/esi/devis/produits?q=${encodeURIComponent(value.trim())}`,
          { signal: controller.signal, progress: false }
        )
        .then((r) => {
          setResults(r.produits)
          setActive(-1)
          setOpen(true)
        })
        .catch(() => {})
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [value])

  function pick(p: DevisProduitOption) {
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
          className="list-group position-absolute w-100 shadow-sm devis-autocomplete"
          style={{ zIndex: 20, maxHeight: '16rem', overflowY: 'auto' }}
        >
          {results.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action py-1 small${i === active ? ' active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(p)
              }}
            >
              <div className="d-flex justify-content-between gap-2">
                <span>
                  <span className="text-body-secondary me-1">{p.reference}</span>
                  {p.libelle}
                </span>
                <span className="text-nowrap">
                  {formatEuros(p.prix_vente_ht)} · {p.taux_tva} %
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
