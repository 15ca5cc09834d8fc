/*
 * Who appears in a planning: a row a person (order, colour, team, shown or not; saved or removed
 * one by one) and the form that adds a staff member.
 */
import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import Block from '../../ui/Block.js'
import { route } from '../../../lib/route.js'
import { PLANNING_TYPE_LABELS, type PlanningType } from '@shared/planning'
import type { EquipesPageProps, RessourceRow } from '@shared/planning_equipes'
import type { Errors } from './types.js'

const PERSONNES: Record<PlanningType, string> = { com: 'commerciaux', tec: 'techniciens' }

function RessourceLine({ row, canManage }: { row: RessourceRow; canManage: boolean }) {
  const [couleur, setCouleur] = useState(row.couleur)
  const [position, setPosition] = useState(String(row.position))
  const [equipe, setEquipe] = useState(row.equipe ?? '')
  const [actif, setActif] = useState(row.actif)
  const [errors, setErrors] = useState<Errors>({})
  const changed =
    couleur !== row.couleur ||
    Number(position) !== row.position ||
    equipe.trim() !== (row.equipe ?? '') ||
    actif !== row.actif
  const opts = { preserveScroll: true, onError: setErrors, onSuccess: () => setErrors({}) }
  function save() {
    router.put(
      route('esi.planning.equipes.update', { id: row.id }),
      { couleur, position: Number(position), equipe: equipe.trim() || null, actif },
      opts
    )
  }
  function remove() {
    if (!window.confirm(`Retirer ${row.nom} de ce planning ? Ses visites restent.`)) return
    router.delete(route('esi.planning.equipes.destroy', { id: row.id }), opts)
  }
  const error = Object.values(errors)[0]
  return (
    <tr data-testid={`ressource-${row.type}-${row.userId}`}>
      <td style={{ width: '5.5rem' }}>
        <input
          type="number"
          min={0}
          max={999}
          className="form-control form-control-sm"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          disabled={!canManage}
          aria-label={`Ordre de ${row.nom}`}
        />
      </td>
      <td>
        <span className="fw-semibold">{row.nom}</span>
        <div className="small text-body-secondary text-break">{row.email}</div>
        {error && <div className="small text-danger">{error}</div>}
      </td>
      <td style={{ width: '4.5rem' }}>
        <input
          type="color"
          className="form-control form-control-sm form-control-color"
          value={couleur}
          onChange={(e) => setCouleur(e.target.value)}
          disabled={!canManage}
          aria-label={`Couleur de ${row.nom}`}
        />
      </td>
      <td>
        <input
          type="text"
          maxLength={80}
          className="form-control form-control-sm"
          value={equipe}
          onChange={(e) => setEquipe(e.target.value)}
          disabled={!canManage}
          placeholder="—"
          aria-label={`Équipe de ${row.nom}`}
        />
      </td>
      <td>
        <div className="form-check form-switch mb-0">
          <input
            type="checkbox"
            role="switch"
            className="form-check-input"
            id={`actif-${row.id}`}
            checked={actif}
            onChange={(e) => setActif(e.target.checked)}
            disabled={!canManage}
          />
          <label className="form-check-label small" htmlFor={`actif-${row.id}`}>
            {actif ? 'Affiché' : 'Masqué'}
          </label>
        </div>
      </td>
      {canManage && (
        <td className="text-end text-nowrap">
          <button
            type="button"
            className="btn btn-sm btn-primary me-1"
            onClick={save}
            disabled={!changed}
          >
            Enregistrer
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={remove}
            aria-label={`Retirer ${row.nom}`}
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </button>
        </td>
      )}
    </tr>
  )
}

function AddRessource({
  type,
  staff,
  present,
}: {
  type: PlanningType
  staff: EquipesPageProps['staff']
  present: number[]
}) {
  const candidates = staff.filter((s) => !present.includes(s.id))
  const [userId, setUserId] = useState('')
  const [equipe, setEquipe] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  if (!candidates.length) return null
  function submit(e: FormEvent) {
    e.preventDefault()
    router.post(
      route('esi.planning.equipes.store'),
      { type, user_id: Number(userId), equipe: equipe.trim() || null },
      {
        preserveScroll: true,
        onError: setErrors,
        onSuccess: () => {
          setErrors({})
          setUserId('')
          setEquipe('')
        },
      }
    )
  }
  return (
    <form onSubmit={submit} className="row g-2 align-items-end mt-2" data-testid={`ajout-${type}`}>
      <div className="col-sm-5">
        <label className="form-label small" htmlFor={`ajout-user-${type}`}>
          Ajouter un membre de l’équipe
        </label>
        <select
          id={`ajout-user-${type}`}
          className={`form-select form-select-sm${errors.user_id ? ' is-invalid' : ''}`}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          required
        >
          <option value="">Choisir…</option>
          {candidates.map((s) => (
            <option key={s.id} value={s.id}>
              {s.nom}
            </option>
          ))}
        </select>
        {errors.user_id && <div className="invalid-feedback">{errors.user_id}</div>}
      </div>
      <div className="col-sm-4">
        <label className="form-label small" htmlFor={`ajout-equipe-${type}`}>
          Équipe (facultatif)
        </label>
        <input
          id={`ajout-equipe-${type}`}
          type="text"
          maxLength={80}
          className="form-control form-control-sm"
          value={equipe}
          onChange={(e) => setEquipe(e.target.value)}
        />
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={!userId}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          Ajouter
        </button>
      </div>
    </form>
  )
}

export default function Ressources({
  type,
  rows,
  staff,
  canManage,
}: {
  type: PlanningType
  rows: RessourceRow[]
  staff: EquipesPageProps['staff']
  canManage: boolean
}) {
  return (
    <Block title={PLANNING_TYPE_LABELS[type]}>
      {rows.length ? (
        <div className="table-responsive position-relative">
          <table className="table table-sm align-middle" data-testid={`ressources-${type}`}>
            <caption className="visually-hidden">
              Les {PERSONNES[type]} du {PLANNING_TYPE_LABELS[type].toLowerCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Ordre</th>
                <th scope="col">Personne</th>
                <th scope="col">Couleur</th>
                <th scope="col">Équipe</th>
                <th scope="col">Planning</th>
                {canManage && (
                  <th scope="col" className="text-end">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <RessourceLine
                  key={`${r.id}-${r.couleur}-${r.position}-${r.equipe}-${r.actif}`}
                  row={r}
                  canManage={canManage}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-body-secondary">
          Personne n’est choisi : le planning montre tous les membres de l’équipe.
        </p>
      )}
      {canManage && <AddRessource type={type} staff={staff} present={rows.map((r) => r.userId)} />}
    </Block>
  )
}
