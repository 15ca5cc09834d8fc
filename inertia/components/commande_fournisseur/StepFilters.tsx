import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'

export type StepFilterValues = {
  fournisseur_id: number | null
  commercial_id: number | null
  chef_projet_id: number | null
  du: string | null
  au: string | null
}

export type StepFilterOptions = {
  fournisseurs: { id: number; nom: string }[]
  staff: { id: number; nom: string }[]
}

/**
 * The filters of the Approvisionnement and Fourniture lists (issue 12 §6): supplier, commercial,
 * chef de projet, period; kept in the URL (?filter[fournisseur_id]=…).
 */
export default function StepFilters({
  url,
  filters,
  options,
  periodLabel,
}: {
  url: string
  filters: StepFilterValues
  options: StepFilterOptions
  periodLabel: string
}) {
  const [values, setValues] = useState(() => ({
    fournisseur_id: filters.fournisseur_id ? String(filters.fournisseur_id) : '',
    commercial_id: filters.commercial_id ? String(filters.commercial_id) : '',
    chef_projet_id: filters.chef_projet_id ? String(filters.chef_projet_id) : '',
    du: filters.du ?? '',
    au: filters.au ?? '',
  }))
  function submit(e: FormEvent) {
    e.preventDefault()
    const filter = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''))
    router.get(url, Object.keys(filter).length ? { filter } : {}, { preserveState: true })
  }
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label="Filtres">
      <div className="col-12 col-sm-6 col-lg-3">
        <label className="form-label small mb-1" htmlFor="f-fournisseur">
          Fournisseur
        </label>
        <select
          id="f-fournisseur"
          className="form-select form-select-sm"
          value={values.fournisseur_id}
          onChange={set('fournisseur_id')}
        >
          <option value="">Tous</option>
          {options.fournisseurs.map((f) => (
            <option key={f.id} value={f.id}>
              {f.nom}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-lg-2">
        <label className="form-label small mb-1" htmlFor="f-commercial">
          Commercial
        </label>
        <select
          id="f-commercial"
          className="form-select form-select-sm"
          value={values.commercial_id}
          onChange={set('commercial_id')}
        >
          <option value="">Tous</option>
          {options.staff.map((u) => (
            <option key={u.id} value={u.id}>
              {u.nom}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-lg-2">
        <label className="form-label small mb-1" htmlFor="f-chef">
          Chef de projet
        </label>
        <select
          id="f-chef"
          className="form-select form-select-sm"
          value={values.chef_projet_id}
          onChange={set('chef_projet_id')}
        >
          <option value="">Tous</option>
          {options.staff.map((u) => (
            <option key={u.id} value={u.id}>
              {u.nom}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-lg-2">
        <label className="form-label small mb-1" htmlFor="f-du" title={periodLabel}>
          Du
        </label>
        <input
          id="f-du"
          type="date"
          className="form-control form-control-sm"
          value={values.du}
          onChange={set('du')}
        />
      </div>
      <div className="col-6 col-lg-2">
        <label className="form-label small mb-1" htmlFor="f-au" title={periodLabel}>
          Au
        </label>
        <input
          id="f-au"
          type="date"
          className="form-control form-control-sm"
          value={values.au}
          onChange={set('au')}
        />
      </div>
      <div className="col-12 col-lg-1 d-grid">
        <button type="submit" className="btn btn-sm btn-alt-primary">
          Filtrer
        </button>
      </div>
      <div className="col-12 form-text mt-1">Période : {periodLabel}.</div>
    </form>
  )
}
