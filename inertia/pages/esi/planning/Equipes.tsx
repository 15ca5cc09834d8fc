/*
 * esi/planning/Equipes (issue 13): the planning's settings — who appears in each planning (add
 * or remove a staff member, his colour, order, team, shown or not) and the travel time required
 * between two visits of one person (admin droit; read-only otherwise), and the requests waiting
 * to be planned (a SAV or a commercial visit asked for: created and cancelled here, planned from
 * the calendar's list or the map).
 */
import { useState, type FormEvent } from 'react'
import { Head, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import DialogModal from '../../../components/ui/DialogModal.js'
import ClientPicker from '../../../components/devis/ClientPicker.js'
import { formatDate } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import { PLANNING_TYPE_LABELS, type PlanningType } from '@shared/planning'
import type { EquipesPageProps, RessourceRow } from '@shared/planning_equipes'
import type { DevisClientOption } from '@shared/devis_editor'

type Errors = Record<string, string>

const TYPES: PlanningType[] = ['com', 'tec']
const PERSONNES: Record<PlanningType, string> = { com: 'commerciaux', tec: 'techniciens' }

function Trajet({ minutes, max, canManage }: { minutes: number; max: number; canManage: boolean }) {
  const [value, setValue] = useState(String(minutes))
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    router.put(
      route('esi.planning.trajet'),
      { minutes: Number(value) },
      {
        preserveScroll: true,
        onError: setErrors,
        onSuccess: () => setErrors({}),
        onFinish: () => setBusy(false),
      }
    )
  }
  return (
    <Block title="Temps de trajet entre deux visites">
      <form onSubmit={submit} className="row g-2 align-items-end" data-testid="trajet-form">
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="trajet-minutes">
            Minutes exigées entre deux visites d’une même personne
          </label>
          <div className="input-group">
            <input
              id="trajet-minutes"
              type="number"
              min={0}
              max={max}
              step={5}
              className={`form-control${errors.minutes ? ' is-invalid' : ''}`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              disabled={!canManage}
              aria-describedby="trajet-aide"
            />
            <span className="input-group-text">min</span>
            {errors.minutes && <div className="invalid-feedback">{errors.minutes}</div>}
          </div>
        </div>
        {canManage && (
          <div className="col-auto">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Enregistrer
            </button>
          </div>
        )}
        <p id="trajet-aide" className="small text-body-secondary mb-0">
          De 0 à {max} minutes. Une visite créée ou déplacée est refusée si elle ne laisse pas ce
          temps avant ou après une autre visite de la même personne.
        </p>
      </form>
    </Block>
  )
}

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

function Ressources({
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

function NouvelleDemande({
  show,
  onClose,
  duree,
}: {
  show: boolean
  onClose: () => void
  duree: EquipesPageProps['duree']
}) {
  const [type, setType] = useState<PlanningType>('tec')
  const [client, setClient] = useState<DevisClientOption | null>(null)
  const [titre, setTitre] = useState('')
  const [notes, setNotes] = useState('')
  const [minutes, setMinutes] = useState(String(duree.defaut))
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    router.post(
      route('esi.planning.demandes.store'),
      {
        type,
        client_id: client?.id ?? null,
        titre,
        notes: notes.trim() || null,
        duree_minutes: Number(minutes),
      },
      {
        preserveScroll: true,
        onError: setErrors,
        onSuccess: () => {
          setErrors({})
          setClient(null)
          setTitre('')
          setNotes('')
          onClose()
        },
        onFinish: () => setBusy(false),
      }
    )
  }
  return (
    <DialogModal
      show={show}
      title="Nouvelle demande à planifier"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Fermer
          </button>
          <button type="submit" form="demande-form" className="btn btn-primary" disabled={busy}>
            Créer la demande
          </button>
        </>
      }
    >
      <form id="demande-form" onSubmit={submit} className="d-grid gap-3">
        <fieldset>
          <legend className="form-label fs-6">Nature</legend>
          {TYPES.map((t) => (
            <div className="form-check form-check-inline" key={t}>
              <input
                className="form-check-input"
                type="radio"
                name="demande-type"
                id={`demande-type-${t}`}
                checked={type === t}
                onChange={() => setType(t)}
              />
              <label className="form-check-label" htmlFor={`demande-type-${t}`}>
                {t === 'tec' ? 'SAV (planning technique)' : 'Visite commerciale'}
              </label>
            </div>
          ))}
        </fieldset>
        <ClientPicker value={client} onChange={setClient} error={errors.client_id} />
        <div>
          <label className="form-label" htmlFor="demande-titre">
            Objet <span className="text-danger">*</span>
          </label>
          <input
            id="demande-titre"
            type="text"
            maxLength={200}
            className={`form-control${errors.titre ? ' is-invalid' : ''}`}
            value={titre}
            onChange={(e) => setTitre(e.target.value)}
            placeholder={type === 'tec' ? 'SAV — volet roulant bloqué' : 'Devis châssis PVC'}
            required
          />
          {errors.titre && <div className="invalid-feedback">{errors.titre}</div>}
        </div>
        <div>
          <label className="form-label" htmlFor="demande-notes">
            Notes
          </label>
          <textarea
            id="demande-notes"
            className="form-control"
            rows={3}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <div className="col-6">
          <label className="form-label" htmlFor="demande-duree">
            Durée prévue
          </label>
          <div className="input-group">
            <input
              id="demande-duree"
              type="number"
              min={duree.min}
              max={duree.max}
              step={15}
              className={`form-control${errors.duree_minutes ? ' is-invalid' : ''}`}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
            <span className="input-group-text">min</span>
            {errors.duree_minutes && <div className="invalid-feedback">{errors.duree_minutes}</div>}
          </div>
        </div>
        {errors._form && <div className="alert alert-danger mb-0">{errors._form}</div>}
      </form>
    </DialogModal>
  )
}

function Demandes({
  demandes,
  duree,
}: {
  demandes: EquipesPageProps['demandes']
  duree: EquipesPageProps['duree']
}) {
  const [open, setOpen] = useState(false)
  function annuler(id: number, titre: string) {
    if (!window.confirm(`Annuler la demande « ${titre} » ?`)) return
    router.post(route('esi.planning.demandes.annuler', { id }), {}, { preserveScroll: true })
  }
  return (
    <Block
      title="Demandes en attente de planification"
      options={
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => setOpen(true)}
          data-testid="demande-nouvelle"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          Nouvelle demande
        </button>
      }
    >
      <div className="row g-4">
        {TYPES.map((t) => (
          <div className="col-lg-6" key={t}>
            <h3 className="h6">
              {t === 'tec' ? 'SAV' : 'Visites commerciales'}{' '}
              <span className="badge text-bg-secondary">{demandes[t].length}</span>
            </h3>
            {demandes[t].length ? (
              <ul className="list-group" data-testid={`demandes-${t}`}>
                {demandes[t].map((d) => (
                  <li
                    key={d.cle}
                    className="list-group-item d-flex justify-content-between align-items-start gap-2"
                  >
                    <div className="min-w-0">
                      <div className="fw-semibold text-break">{d.titre}</div>
                      <div className="small text-body-secondary">
                        {d.client?.nom ?? '—'} · {d.dureeMinutes} min · depuis le{' '}
                        {formatDate(d.depuis)}
                      </div>
                    </div>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary text-nowrap"
                      onClick={() => annuler(d.demandeId!, d.titre)}
                    >
                      Annuler
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-body-secondary">Aucune demande en attente.</p>
            )}
          </div>
        ))}
      </div>
      <NouvelleDemande show={open} onClose={() => setOpen(false)} duree={duree} />
    </Block>
  )
}

export default function PlanningEquipes(props: EquipesPageProps) {
  const { ressources, staff, trajetMinutes, trajetMax, demandes, canManage, duree } = props
  return (
    <>
      <Head title="Équipes du planning" />
      <PageHeader
        title="Équipes du planning"
        subtitle="Qui apparaît dans chaque planning, le temps de trajet et les demandes à planifier"
        breadcrumb={[
          { label: 'Planning technique', href: route('esi.planning.tec') },
          { label: 'Équipes' },
        ]}
      />
      <div className="content">
        {!canManage && (
          <div className="alert alert-info" role="status">
            Lecture seule : modifier les équipes et le temps de trajet demande le droit
            administrateur.
          </div>
        )}
        <Trajet key={trajetMinutes} minutes={trajetMinutes} max={trajetMax} canManage={canManage} />
        {TYPES.map((t) => (
          <Ressources key={t} type={t} rows={ressources[t]} staff={staff} canManage={canManage} />
        ))}
        <Demandes demandes={demandes} duree={duree} />
      </div>
    </>
  )
}
