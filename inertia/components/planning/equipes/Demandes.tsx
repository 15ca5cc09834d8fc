/*
 * The requests waiting to be planned (a SAV or a commercial visit asked for): listed by planning,
 * cancelled here, created in a dialog; planned from the calendar's list or the map.
 */
import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import Block from '../../ui/Block.js'
import DialogModal from '../../ui/DialogModal.js'
import ClientPicker from '../../devis/ClientPicker.js'
import { formatDate } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import type { PlanningType } from '@shared/planning'
import type { EquipesPageProps } from '@shared/planning_equipes'
import type { DevisClientOption } from '@shared/devis_editor'
import { TYPES, type Errors } from './types.js'

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

export default function Demandes({
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
