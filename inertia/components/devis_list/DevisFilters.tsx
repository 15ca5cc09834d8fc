import { useState } from 'react'
import { Link } from '@inertiajs/react'
import SearchBox from '../list/SearchBox.js'
import type { ListChange } from '../list/use_list_visit.js'
import { DEVIS_STATUTS, DEVIS_STATUT_LABELS, DEVIS_STATUT_VARIANTS } from '@shared/devis'
import { NO_COMMERCIAL, type CommercialOption } from '@shared/devis_list'
import { DEFAULT_PER_PAGE, PER_PAGE_CHOICES, type ListFilters } from '@shared/list_query'

export type DevisFiltersProps = {
  filters: ListFilters
  commerciaux: CommercialOption[]
  onChange: (change: ListChange, replace?: boolean) => void
  resetHref: string
}

/** A text field applied on Enter or when it loses focus (amounts: typed "1 000,50"). */
function LazyInput(props: {
  id: string
  label: string
  value: string
  type?: string
  placeholder?: string
  inputMode?: 'decimal'
  onCommit: (value: string) => void
}) {
  // The parent remounts it (key = value) when the URL changes the value: no syncing effect
  const [text, setText] = useState(props.value)
  const commit = () => {
    if (text.trim() !== props.value) props.onCommit(text.trim())
  }
  return (
    <>
      <label htmlFor={props.id} className="form-label small mb-1">
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        className="form-control"
        value={text}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        onChange={(e) => {
          setText(e.target.value)
          // A date picker gives a complete value: applied at once
          if (props.type === 'date' && e.target.value !== props.value)
            props.onCommit(e.target.value)
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            commit()
          }
        }}
      />
    </>
  )
}

/** The toolbar of the devis list: search, statuts, commercial, période, montant, lines. */
export default function DevisFilters({
  filters,
  commerciaux,
  onChange,
  resetHref,
}: DevisFiltersProps) {
  const selected = (filters.filter.statut ?? '').split(',').filter(Boolean)
  const toggleStatut = (statut: string) => {
    const next = selected.includes(statut)
      ? selected.filter((s) => s !== statut)
      : [...selected, statut]
    onChange({ filter: { statut: DEVIS_STATUTS.filter((s) => next.includes(s)).join(',') } })
  }
  const filtered = Object.keys(filters.filter).length > 0 || filters.q !== ''

  return (
    <form className="mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
      <div className="row g-2 align-items-end">
        <div className="col-md-5">
          <SearchBox
            value={filters.q}
            label="Rechercher un devis"
            placeholder="N° de devis, client, objet…"
            onSearch={(q) => onChange({ q }, true)}
          />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="filter-commercial" className="form-label small mb-1">
            Commercial
          </label>
          <select
            id="filter-commercial"
            className="form-select"
            value={filters.filter.commercial ?? ''}
            onChange={(e) => onChange({ filter: { commercial: e.target.value } })}
          >
            <option value="">Tous</option>
            <option value={NO_COMMERCIAL}>Sans commercial</option>
            {commerciaux.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.nom}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label htmlFor="per-page" className="form-label small mb-1">
            Lignes
          </label>
          <select
            id="per-page"
            className="form-select"
            value={filters.per_page}
            onChange={(e) => onChange({ per_page: Number(e.target.value) })}
          >
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="col-md-2">
          {(filtered || filters.per_page !== DEFAULT_PER_PAGE) && (
            <Link href={resetHref} className="btn btn-link px-0">
              Réinitialiser
            </Link>
          )}
        </div>
      </div>
      <div className="row g-2 align-items-end mt-1">
        <div className="col-12">
          <fieldset>
            <legend className="form-label small mb-1">Statut</legend>
            <div className="d-flex flex-wrap gap-1" role="group" aria-label="Statuts affichés">
              {DEVIS_STATUTS.map((s) => {
                const on = selected.includes(s)
                return (
                  <button
                    key={s}
                    type="button"
                    className={`btn btn-sm ${on ? `btn-${DEVIS_STATUT_VARIANTS[s]}` : 'btn-alt-secondary'}`}
                    aria-pressed={on}
                    data-statut={s}
                    onClick={() => toggleStatut(s)}
                  >
                    {on && <i className="bi bi-check2 me-1" aria-hidden="true" />}
                    {DEVIS_STATUT_LABELS[s]}
                  </button>
                )
              })}
            </div>
          </fieldset>
        </div>
      </div>
      <div className="row g-2 align-items-end mt-1">
        <div className="col-6 col-md-3">
          <LazyInput
            key={filters.filter.du ?? ''}
            id="filter-du"
            label="Du"
            type="date"
            value={filters.filter.du ?? ''}
            onCommit={(du) => onChange({ filter: { du } })}
          />
        </div>
        <div className="col-6 col-md-3">
          <LazyInput
            key={filters.filter.au ?? ''}
            id="filter-au"
            label="Au"
            type="date"
            value={filters.filter.au ?? ''}
            onCommit={(au) => onChange({ filter: { au } })}
          />
        </div>
        <div className="col-6 col-md-3">
          <LazyInput
            key={filters.filter.montant_min ?? ''}
            id="filter-montant-min"
            label="Montant min. (€)"
            inputMode="decimal"
            placeholder="TVAC"
            value={filters.filter.montant_min ?? ''}
            onCommit={(montant_min) => onChange({ filter: { montant_min } })}
          />
        </div>
        <div className="col-6 col-md-3">
          <LazyInput
            key={filters.filter.montant_max ?? ''}
            id="filter-montant-max"
            label="Montant max. (€)"
            inputMode="decimal"
            placeholder="TVAC"
            value={filters.filter.montant_max ?? ''}
            onCommit={(montant_max) => onChange({ filter: { montant_max } })}
          />
        </div>
      </div>
    </form>
  )
}
