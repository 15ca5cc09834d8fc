/*
 * Issue 13 §3 — PlanificationModal: creates or edits a visit (nature, client or commande step,
 * persons, start and end, address with coordinates, notes), moves its statut (réalisée, annulée
 * with SPEC's motif dialog, back to planifiée) and shows what it is for: the measurement sheet,
 * the items to install, the réception. The server's French messages show next to the fields and
 * nothing typed is lost on a refusal.
 */
import { useEffect, useState, type FormEvent } from 'react'
import DialogModal from '../ui/DialogModal.js'
import { FieldGroup, TextInput } from '../form/index.js'
import { http, HttpError } from '../../lib/http.js'
import { route } from '../../lib/route.js'
import { askCancellationReason } from '../../lib/dialogs/index.js'
import {
  NATURE_ETAPE,
  NATURE_LABELS,
  PLANIF_STATUT_BADGES,
  PLANIF_STATUT_LABELS,
  PLANIF_TRANSITIONS,
  type AttenteItem,
  type Nature,
  type PlanificationDto,
  type PlanifStatut,
  type PlanningType,
  type RessourceDto,
} from '@shared/planning'
import HorairesFields, { fieldError } from './HorairesFields.js'
import PlanificationFooter from './PlanificationFooter.js'
import SourceField from './SourceField.js'
import VisitePrepare from './VisitePrepare.js'
import {
  formFromInit,
  formFromVisite,
  localErrors,
  num,
  refusalOf,
  text,
  withItem,
  withNature,
  withPersonne,
  type Details,
  type Form,
  type ModalInit,
} from './planification_form.js'

export type { ModalInit } from './planification_form.js'

export type PlanificationModalProps = {
  type: PlanningType
  natures: Nature[]
  ressources: RessourceDto[]
  /** What waits to be planned: a mesurage or pose created from a slot picks its step here. */
  attente: AttenteItem[]
  init: ModalInit
  onClose: () => void
  /** After a save or a statut change (null: closed without a change worth a toast). */
  onSaved: (visite: PlanificationDto | null) => void
}

export default function PlanificationModal({
  type,
  natures,
  ressources,
  attente,
  init,
  onClose,
  onSaved,
}: PlanificationModalProps) {
  const [details, setDetails] = useState<Details | null>(null)
  const [form, setForm] = useState<Form | null>(() =>
    init.mode === 'create' ? formFromInit(init, natures, attente) : null
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const editId = init.mode === 'edit' ? init.id : null

  useEffect(() => {
    if (editId === null) return
    let gone = false
    http
      .get<Details>(route('esi.planning.visites.details', { id: editId }))
      .then((d) => {
        if (gone) return
        setDetails(d)
        setForm(formFromVisite(d.visite))
      })
      .catch((error) => {
        if (!gone)
          setMessage(
            error instanceof HttpError && error.status === 404
              ? 'Cette visite n’existe plus.'
              : 'La visite ne peut pas être chargée : réessayez.'
          )
      })
    return () => {
      gone = true
    }
  }, [editId])

  const visite = details?.visite ?? null
  const item =
    init.mode === 'create' ? (init.item ?? attente.find((a) => a.cle === form?.cle) ?? null) : null
  const lieEtape = visite ? Boolean(visite.etape) : Boolean(form && NATURE_ETAPE[form.nature])
  const lieDemande = visite ? visite.demandeId !== null : Boolean(item?.demandeId)
  const editable = !visite || visite.statut === 'planifiee'

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setForm((f) => (f ? { ...f, [key]: value } : f))
  }

  function setNature(nature: Nature) {
    setForm((f) => (f ? withNature(f, nature, attente, init.mode === 'create' && !init.item) : f))
  }

  function chooseItem(cle: string) {
    setForm((f) => (f ? withItem(f, cle, attente) : f))
  }

  function togglePersonne(id: number) {
    setForm((f) => (f ? withPersonne(f, id) : f))
  }
  function showError(error: unknown) {
    const refusal = refusalOf(error)
    setErrors(refusal.errors)
    setMessage(refusal.message)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!form) return
    const debut = `${form.dateDebut}T${form.heureDebut}`
    const fin = `${form.dateFin}T${form.heureFin}`
    const local = localErrors(form, init.mode === 'create' && !item)
    if (Object.keys(local).length) {
      setErrors(local)
      setMessage('Certains champs sont invalides : corrigez-les.')
      return
    }
    setBusy(true)
    setErrors({})
    setMessage(null)
    const common = {
      debut,
      fin,
      personnes: form.personnes,
      titre: text(form.titre),
      adresse: text(form.adresse),
      latitude: num(form.latitude),
      longitude: num(form.longitude),
      notes: text(form.notes),
    }
    try {
      let saved: PlanificationDto
      if (visite) {
        saved = await http.put<PlanificationDto>(
          route('esi.planifications.update', { id: visite.id }),
          {
            lock_version: visite.lockVersion,
            ...common,
            ...(lieEtape || lieDemande
              ? {}
              : { nature: form.nature, client_id: form.client?.id ?? null }),
          }
        )
      } else {
        saved = await http.post<PlanificationDto>(route('esi.planifications.store'), {
          type,
          nature: form.nature,
          ...common,
          client_id: item ? undefined : (form.client?.id ?? null),
          commande_id: item && !item.demandeId ? item.commande?.id : undefined,
          demande_id: item?.demandeId ?? undefined,
        })
      }
      onSaved(saved)
    } catch (error) {
      showError(error)
    } finally {
      setBusy(false)
    }
  }

  async function changeStatut(statut: PlanifStatut) {
    if (!visite) return
    let motif: string | null = null
    if (statut === 'annulee') {
      motif = await askCancellationReason()
      if (motif === null) return
    }
    setBusy(true)
    setMessage(null)
    try {
      const saved = await http.post<PlanificationDto>(
        route('esi.planifications.statut', { id: visite.id }),
        { lock_version: visite.lockVersion, statut, motif }
      )
      onSaved(saved)
    } catch (error) {
      showError(error)
    } finally {
      setBusy(false)
    }
  }

  const transitions = visite ? PLANIF_TRANSITIONS[visite.statut] : []
  const title = visite ? visite.titre : 'Nouvelle visite'
  const etapeItems = form ? attente.filter((a) => a.nature === form.nature && !a.demandeId) : []

  return (
    <DialogModal
      show
      onClose={onClose}
      size="lg"
      title={title}
      footer={
        form && (
          <PlanificationFooter
            transitions={transitions}
            busy={busy}
            editable={editable}
            onStatut={(statut) => void changeStatut(statut)}
            onClose={onClose}
          />
        )
      }
    >
      {message && (
        <div className="alert alert-danger py-2" role="alert">
          {message}
        </div>
      )}
      {!form && !message && (
        <div role="status" className="text-body-secondary">
          <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
          Chargement…
        </div>
      )}
      {form && (
        <form id="planification-form" onSubmit={submit} noValidate>
          {visite && (
            <p className="mb-3">
              <span className={`badge text-bg-${PLANIF_STATUT_BADGES[visite.statut]} me-2`}>
                {PLANIF_STATUT_LABELS[visite.statut]}
              </span>
              {visite.motifAnnulation && (
                <span className="small text-body-secondary">Motif : {visite.motifAnnulation}</span>
              )}
            </p>
          )}
          <fieldset disabled={!editable || busy}>
            <div className="row g-3">
              <div className="col-sm-6">
                <label htmlFor="planif-nature" className="form-label">
                  Nature
                </label>
                <select
                  id="planif-nature"
                  className={`form-select${errors.nature ? ' is-invalid' : ''}`}
                  value={form.nature}
                  disabled={lieEtape || lieDemande || Boolean(item)}
                  onChange={(e) => setNature(e.target.value as Nature)}
                >
                  {natures.map((n) => (
                    <option key={n} value={n}>
                      {NATURE_LABELS[n]}
                    </option>
                  ))}
                </select>
                {fieldError(errors, 'nature')}
              </div>
              <div className="col-sm-6">
                <SourceField
                  form={form}
                  visite={visite}
                  item={item}
                  creating={init.mode === 'create'}
                  lieDemande={lieDemande}
                  etapeItems={etapeItems}
                  errors={errors}
                  onChooseItem={chooseItem}
                  onClient={(c) => {
                    setForm((f) =>
                      f ? { ...f, client: c, adresse: f.adresse || c?.adresse_chantier || '' } : f
                    )
                  }}
                />
              </div>
              {!lieEtape && !lieDemande && !item && (
                <div className="col-12">
                  <TextInput
                    id="planif-titre"
                    name="titre"
                    groupClassName=""
                    label={
                      <>
                        Titre{' '}
                        <span className="text-body-secondary small">
                          (facultatif avec un client)
                        </span>
                      </>
                    }
                    value={form.titre}
                    maxLength={200}
                    onChange={(v) => set('titre', v)}
                    error={errors.titre}
                  />
                </div>
              )}
              <div className="col-12">
                <fieldset>
                  <legend className="form-label fs-6 mb-1">
                    Personnes{' '}
                    <span className="text-danger" aria-hidden="true">
                      *
                    </span>
                  </legend>
                  <div
                    className="d-flex flex-wrap gap-3"
                    aria-describedby={errors.personnes ? 'personnes-error' : undefined}
                  >
                    {ressources.map((r) => (
                      <div className="form-check" key={r.id}>
                        <input
                          className={`form-check-input${errors.personnes ? ' is-invalid' : ''}`}
                          type="checkbox"
                          id={`planif-personne-${r.id}`}
                          checked={form.personnes.includes(r.id)}
                          onChange={() => togglePersonne(r.id)}
                        />
                        <label className="form-check-label" htmlFor={`planif-personne-${r.id}`}>
                          {r.nom}
                        </label>
                      </div>
                    ))}
                  </div>
                  {fieldError(errors, 'personnes')}
                </fieldset>
              </div>
              <HorairesFields value={form} onChange={set} errors={errors} />
              <div className="col-12">
                <TextInput
                  id="planif-adresse"
                  name="adresse"
                  groupClassName=""
                  label="Adresse"
                  value={form.adresse}
                  maxLength={300}
                  onChange={(v) => set('adresse', v)}
                  placeholder={lieEtape || lieDemande ? 'Adresse du chantier' : ''}
                  error={errors.adresse}
                />
              </div>
              {(['latitude', 'longitude'] as const).map((coord) => (
                <div className="col-6" key={coord}>
                  <TextInput
                    id={`planif-${coord}`}
                    name={coord}
                    groupClassName=""
                    label={coord === 'latitude' ? 'Latitude' : 'Longitude'}
                    inputMode="decimal"
                    value={form[coord]}
                    onChange={(v) => set(coord, v)}
                    error={errors[coord]}
                  />
                </div>
              ))}
              <div className="col-12">
                <FieldGroup id="planif-notes" label="Notes" error={errors.notes} className="">
                  {(control) => (
                    <textarea
                      {...control}
                      name="notes"
                      rows={3}
                      maxLength={5000}
                      value={form.notes}
                      onChange={(e) => set('notes', e.target.value)}
                      className={`form-control ${control.className}`.trim()}
                    />
                  )}
                </FieldGroup>
              </div>
            </div>
          </fieldset>
          {details && (details.liens.length > 0 || details.articles.length > 0) && (
            <VisitePrepare details={details} />
          )}
        </form>
      )}
    </DialogModal>
  )
}
