import { useState } from 'react'
import ListToolbar, { SelectFilter } from '../list/ListToolbar.js'
import type { ListState } from '../list/use_list.js'
import { DEVIS_STATUTS, DEVIS_STATUT_LABELS, DEVIS_STATUT_VARIANTS } from '@shared/devis'
import { NO_COMMERCIAL, type CommercialOption } from '@shared/devis_list'
import { DEVIS_A_RELANCER_JOURS } from '@shared/dashboard'
import type { ListFilters } from '@shared/list_query'

export type DevisFiltersProps = {
  filters: ListFilters
  commerciaux: CommercialOption[]
  list: ListState
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

/** The toolbar of the devis list: the list toolbar (search, lines, reset) with the commercial,
 * the statuts, the période and the montants. */
export default function DevisFilters({ filters, commerciaux, list }: DevisFiltersProps) {
  const selected = (filters.filter.statut ?? '').split(',').filter(Boolean)
  const toggleStatut = (statut: string) => {
    const next = selected.includes(statut)
      ? selected.filter((s) => s !== statut)
      : [...selected, statut]
    list.setFilter('statut', DEVIS_STATUTS.filter((s) => next.includes(s)).join(','))
  }
  const lazy = (name: string, label: string, extra: { type?: string; placeholder?: string }) => (
    <div className="col-6 col-md-3">
      <LazyInput
        key={filters.filter[name] ?? ''}
        id={`filter-${name.replace('_', '-')}`}
        label={label}
        inputMode={extra.type ? undefined : 'decimal'}
        {...extra}
        value={filters.filter[name] ?? ''}
        onCommit={(value) => list.setFilter(name, value)}
      />
    </div>
  )

  return (
    <ListToolbar
      list={list}
      filters={filters}
      searchLabel="Rechercher un devis"
      searchPlaceholder="N° de devis, client, objet…"
    >
      <SelectFilter
        id="filter-commercial"
        label="Commercial"
        all="Tous les commerciaux"
        value={filters.filter.commercial ?? ''}
        choices={[
          { value: NO_COMMERCIAL, label: 'Sans commercial' },
          ...commerciaux.map((c) => ({ value: String(c.id), label: c.nom })),
        ]}
        onChange={(v) => list.setFilter('commercial', v)}
      />
      <SelectFilter
        id="filter-relance"
        label="Relance"
        all="Tous"
        value={filters.filter.relance ?? ''}
        choices={[
          {
            value: '1',
            label: `À relancer (envoyés depuis ${DEVIS_A_RELANCER_JOURS} jours, sans réponse)`,
          },
        ]}
        onChange={(v) => list.setFilter('relance', v)}
      />
      <fieldset className="w-100">
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
      <div className="row g-2 align-items-end w-100">
        {lazy('du', 'Du', { type: 'date' })}
        {lazy('au', 'Au', { type: 'date' })}
        {lazy('montant_min', 'Montant min. (€)', { placeholder: 'TVAC' })}
        {lazy('montant_max', 'Montant max. (€)', { placeholder: 'TVAC' })}
      </div>
    </ListToolbar>
  )
}
