/*
 * Issue 13 §3 — PlanificationModal: creates or edits a visit (nature, client or commande step,
 * persons, start and end, address with coordinates, notes), moves its statut (réalisée, annulée
 * with SPEC's motif dialog, back to planifiée) and shows what it is for: the measurement sheet,
 * the items to install, the réception. The server's French messages show next to the fields and
 * nothing typed is lost on a refusal.
 */
import { useEffect, useState, type FormEvent } from 'react'
import DialogModal from '../../../components/ui/DialogModal.js'
import { FieldGroup, TextInput } from '../../../components/form/index.js'
import ClientPicker from '../../../components/devis/ClientPicker.js'
import { http, HttpError } from '../../../lib/http.js'
import { route } from '../../../lib/route.js'
import { askCancellationReason } from '../../../lib/dialogs/index.js'
import { addMinutes, brusselsWallTime, minutesBetween } from '../../../lib/planning_time.js'
import {
  NATURE_DUREE_MINUTES,
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
import type { DevisClientOption } from '@shared/devis_editor'

export type ModalInit =
  | { mode: 'create'; debut: string; fin: string; personnes: number[]; item?: AttenteItem }
  | { mode: 'edit'; id: number }

type Details = {
  visite: PlanificationDto
  liens: { label: string; href: string; icon: string }[]
  articles: {
    designation: string
    quantite: number | null
    unite: string | null
    dimensions: string | null
    repere: string | null
  }[]
}

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

type Form = {
  nature: Nature
  client: DevisClientOption | null
  /** The waiting item (commande step or request) this visit plans. */
  cle: string
  titre: string
  personnes: number[]
  dateDebut: string
  heureDebut: string
  dateFin: string
  heureFin: string
  adresse: string
  latitude: string
  longitude: string
  notes: string
}

function split(wall: string): [string, string] {
  const [d, t] = wall.split('T')
  return [d, t.slice(0, 5)]
}

function formFromInit(
  init: Extract<ModalInit, { mode: 'create' }>,
  natures: Nature[],
  attente: AttenteItem[]
): Form {
  const [dateDebut, heureDebut] = split(init.debut)
  const [dateFin, heureFin] = split(init.fin)
  const item = init.item
  const nature = item?.nature ?? natures[0]
  return {
    nature,
    client: item?.client
      ? {
          id: item.client.id,
          nom: item.client.nom,
          detail: null,
          email: null,
          adresse_chantier: null,
        }
      : null,
    cle:
      item?.cle ??
      (NATURE_ETAPE[nature] ? (attente.find((a) => a.nature === nature)?.cle ?? '') : ''),
    titre: '',
    personnes: init.personnes,
    dateDebut,
    heureDebut,
    dateFin,
    heureFin,
    adresse: item?.adresse ?? '',
    latitude: item?.latitude === null || item?.latitude === undefined ? '' : String(item.latitude),
    longitude:
      item?.longitude === null || item?.longitude === undefined ? '' : String(item.longitude),
    notes: '',
  }
}

function formFromVisite(v: PlanificationDto): Form {
  const [dateDebut, heureDebut] = split(brusselsWallTime(v.debut))
  const [dateFin, heureFin] = split(brusselsWallTime(v.fin))
  return {
    nature: v.nature,
    client: v.client
      ? {
          id: v.client.id,
          nom: v.client.nom,
          detail: v.client.telephone,
          email: null,
          adresse_chantier: null,
        }
      : null,
    cle: '',
    titre: v.titre,
    personnes: v.personnes,
    dateDebut,
    heureDebut,
    dateFin,
    heureFin,
    adresse: v.adresse ?? '',
    latitude: v.latitude === null ? '' : String(v.latitude),
    longitude: v.longitude === null ? '' : String(v.longitude),
    notes: v.notes ?? '',
  }
}

const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')))
const text = (s: string) => (s.trim() === '' ? null : s.trim())

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
    setForm((f) => {
      if (!f) return f
      const next = { ...f, nature }
      if (init.mode === 'create' && !init.item) {
        next.cle = NATURE_ETAPE[nature] ? (attente.find((a) => a.nature === nature)?.cle ?? '') : ''
        // A new visit of another nature takes that nature's usual length
        const [dateFin, heureFin] = split(
          addMinutes(`${f.dateDebut}T${f.heureDebut}`, NATURE_DUREE_MINUTES[nature])
        )
        next.dateFin = dateFin
        next.heureFin = heureFin
      }
      return next
    })
  }

  function chooseItem(cle: string) {
    const chosen = attente.find((a) => a.cle === cle)
    setForm((f) =>
      f
        ? {
            ...f,
            cle,
            adresse: chosen?.adresse ?? f.adresse,
            latitude: chosen?.latitude === null || !chosen ? f.latitude : String(chosen.latitude),
            longitude:
              chosen?.longitude === null || !chosen ? f.longitude : String(chosen.longitude),
          }
        : f
    )
  }

  function togglePersonne(id: number) {
    setForm((f) =>
      f
        ? {
            ...f,
            personnes: f.personnes.includes(id)
              ? f.personnes.filter((p) => p !== id)
              : [...f.personnes, id],
          }
        : f
    )
  }

  function showError(error: unknown) {
    if (error instanceof HttpError) {
      const body = error.body as {
        message?: string
        errors?: { field: string; message: string }[] | Record<string, string>
      } | null
      const list = body?.errors
      const byField: Record<string, string> = {}
      if (Array.isArray(list)) {
        for (const e of list) byField[e.field.split('.')[0]] ??= e.message
      } else if (list) {
        Object.assign(byField, list)
      }
      setErrors(byField)
      setMessage(
        body?.message ??
          (Object.keys(byField).length ? 'Certains champs sont invalides : corrigez-les.' : null) ??
          'Une erreur est survenue : réessayez.'
      )
      return
    }
    setErrors({})
    setMessage('Le serveur ne répond pas : réessayez.')
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!form) return
    const debut = `${form.dateDebut}T${form.heureDebut}`
    const fin = `${form.dateFin}T${form.heureFin}`
    const local: Record<string, string> = {}
    if (!form.dateDebut || !form.heureDebut) local.debut = 'Indiquez le début (date et heure).'
    if (!form.dateFin || !form.heureFin) local.fin = 'Indiquez la fin (date et heure).'
    else if (!local.debut && minutesBetween(debut, fin) <= 0)
      local.fin = 'La fin doit suivre le début.'
    if (!form.personnes.length) local.personnes = 'Choisissez au moins une personne.'
    if (init.mode === 'create' && NATURE_ETAPE[form.nature] && !item)
      local.commande_id = 'Choisissez la commande dont l’étape se planifie.'
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

  const field = (name: string) => ({
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  })
  const fieldError = (name: string) =>
    errors[name] ? (
      <div id={`${name}-error`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    ) : null

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
          <div className="d-flex flex-wrap gap-2 w-100 justify-content-end">
            {transitions.includes('realisee') && (
              <button
                type="button"
                className="btn btn-success"
                disabled={busy}
                onClick={() => changeStatut('realisee')}
              >
                <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                Marquer réalisée
              </button>
            )}
            {transitions.includes('annulee') && (
              <button
                type="button"
                className="btn btn-alt-danger"
                disabled={busy}
                onClick={() => changeStatut('annulee')}
              >
                <i className="bi bi-x-circle me-1" aria-hidden="true" />
                Annuler la visite
              </button>
            )}
            {transitions.includes('planifiee') && (
              <button
                type="button"
                className="btn btn-alt-secondary"
                disabled={busy}
                onClick={() => changeStatut('planifiee')}
              >
                <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                Remettre planifiée
              </button>
            )}
            <button
              type="button"
              className="btn btn-alt-secondary me-auto order-first"
              onClick={onClose}
            >
              Fermer
            </button>
            {editable && (
              <button
                type="submit"
                form="planification-form"
                className="btn btn-primary"
                disabled={busy}
              >
                {busy && (
                  <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                )}
                Enregistrer
              </button>
            )}
          </div>
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
                {fieldError('nature')}
              </div>
              <div className="col-sm-6">
                {visite?.commande || item ? (
                  <div>
                    <span className="form-label d-block">
                      {visite?.demandeId || item?.demandeId ? 'Demande' : 'Commande'}
                    </span>
                    <div className="border rounded p-2" data-testid="planif-source">
                      <div className="fw-semibold">
                        {item
                          ? item.titre
                          : `${visite!.commande!.numero} — ${visite!.client?.nom ?? ''}`}
                      </div>
                    </div>
                    {fieldError('commande_id')}
                  </div>
                ) : init.mode === 'create' && NATURE_ETAPE[form.nature] ? (
                  <div>
                    <label htmlFor="planif-etape" className="form-label">
                      Commande à planifier
                    </label>
                    <select
                      id="planif-etape"
                      className={`form-select${errors.commande_id ? ' is-invalid' : ''}`}
                      value={form.cle}
                      onChange={(e) => chooseItem(e.target.value)}
                    >
                      <option value="">—</option>
                      {etapeItems.map((a) => (
                        <option key={a.cle} value={a.cle}>
                          {a.titre}
                        </option>
                      ))}
                    </select>
                    {etapeItems.length === 0 && (
                      <div className="form-text">
                        Aucune commande n’attend ce {NATURE_LABELS[form.nature].toLowerCase()}.
                      </div>
                    )}
                    {fieldError('commande_id')}
                  </div>
                ) : lieDemande ? null : (
                  <ClientPicker
                    value={form.client}
                    onChange={(c) => {
                      setForm((f) =>
                        f ? { ...f, client: c, adresse: f.adresse || c?.adresse_chantier || '' } : f
                      )
                    }}
                    error={errors.client_id}
                  />
                )}
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
                  {fieldError('personnes')}
                </fieldset>
              </div>
              <div className="col-6 col-md-3">
                <label htmlFor="planif-date-debut" className="form-label">
                  Début
                </label>
                <input
                  id="planif-date-debut"
                  type="date"
                  value={form.dateDebut}
                  onChange={(e) => set('dateDebut', e.target.value)}
                  {...field('debut')}
                />
              </div>
              <div className="col-6 col-md-3">
                <label htmlFor="planif-heure-debut" className="form-label">
                  Heure de début
                </label>
                <input
                  id="planif-heure-debut"
                  type="time"
                  step={900}
                  value={form.heureDebut}
                  onChange={(e) => set('heureDebut', e.target.value)}
                  {...field('debut')}
                />
              </div>
              <div className="col-6 col-md-3">
                <label htmlFor="planif-date-fin" className="form-label">
                  Fin
                </label>
                <input
                  id="planif-date-fin"
                  type="date"
                  value={form.dateFin}
                  onChange={(e) => set('dateFin', e.target.value)}
                  {...field('fin')}
                />
              </div>
              <div className="col-6 col-md-3">
                <label htmlFor="planif-heure-fin" className="form-label">
                  Heure de fin
                </label>
                <input
                  id="planif-heure-fin"
                  type="time"
                  step={900}
                  value={form.heureFin}
                  onChange={(e) => set('heureFin', e.target.value)}
                  {...field('fin')}
                />
              </div>
              {(errors.debut || errors.fin) && (
                <div className="col-12 mt-0">
                  {fieldError('debut')}
                  {fieldError('fin')}
                </div>
              )}
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
            <section className="mt-4" aria-labelledby="planif-pour">
              <h3 id="planif-pour" className="h6">
                Ce que la visite prépare
              </h3>
              {details.liens.length > 0 && (
                <div className="d-flex flex-wrap gap-2 mb-2">
                  {details.liens.map((l) => (
                    <a key={l.href} href={l.href} className="btn btn-sm btn-alt-primary">
                      <i className={`bi ${l.icon} me-1`} aria-hidden="true" />
                      {l.label}
                    </a>
                  ))}
                </div>
              )}
              {details.articles.length > 0 && (
                <div className="table-responsive">
                  <table className="table table-sm mb-0">
                    <caption className="visually-hidden">Articles à poser</caption>
                    <thead>
                      <tr>
                        <th scope="col">Article à poser</th>
                        <th scope="col" className="text-end">
                          Quantité
                        </th>
                        <th scope="col">Dimensions</th>
                      </tr>
                    </thead>
                    <tbody>
                      {details.articles.map((a, i) => (
                        <tr key={i}>
                          <td>
                            {a.repere && (
                              <span className="badge bg-secondary me-1">{a.repere}</span>
                            )}
                            {a.designation}
                          </td>
                          <td className="text-end text-nowrap">
                            {a.quantite === null ? '—' : a.quantite.toLocaleString('fr-BE')}
                            {a.unite ? ` ${a.unite}` : ''}
                          </td>
                          <td className="text-nowrap">{a.dimensions ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          )}
        </form>
      )}
    </DialogModal>
  )
}
