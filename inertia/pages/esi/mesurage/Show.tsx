/*
 * esi/mesurage Show (issue 12 §2): the measurement sheet on a phone, offline first. What is typed
 * goes to the draft (inertia/lib/mesurage_draft.ts), kept in IndexedDB at once, and is sent by
 * the sync when the network is there (online event, retries); the bar says what is not yet sent.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import { get as idbGet, set as idbSet } from 'idb-keyval'
import PageHeader from '../../../components/layout/PageHeader.js'
import PhotoUpload, { PhotoThumbs } from '../../../components/commande/PhotoUpload.js'
import { route } from '../../../lib/route.js'
import { http, HttpError } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { confirm, confirmDelete, prompt } from '../../../lib/dialogs/index.js'
import { formatDateTime } from '../../../lib/format.js'
import {
  acknowledge,
  addRow,
  buildPayload,
  editRemarques,
  editRow,
  mergeDraft,
  pendingCount,
  pendingLabel,
  removeRow,
  retryDelay,
  rowErrors,
  type Draft,
  type DraftEcart,
  type DraftRow,
  type ServerRow,
  type SyncPayload,
} from '../../../lib/mesurage_draft.js'
import {
  SENS_OUVERTURE,
  SENS_OUVERTURE_LABELS,
  ecartsLigne,
  parseMillimetres,
  parseQuantite,
  type SensOuverture,
} from '@shared/mesurage'
import { ETAPE_STATUT_BADGES, ETAPE_STATUT_LABELS, type EtapeStatut } from '@shared/commande_etapes'

export type MesurageShowProps = {
  commande: {
    id: number
    numero: string
    client_nom: string
    objet: string
    statut: string
    bdc_numero: string | null
    adresse_chantier: string | null
  }
  mesure: {
    id: number
    statut: 'brouillon' | 'validee'
    lock_version: number
    remarques: string
    tolerance_mm: number | null
    validee_le: string | null
    validee_par: string | null
    ecarts: DraftEcart[]
  }
  lignes: ServerRow[]
  tolerance_mm: number
  etape: { statut: EtapeStatut; motif_blocage: string | null }
  reouverture: { raison: string | null }
  photos: Photo[]
  document: { id: number; nom: string; created_at: string } | null
  historique: {
    id: number
    action: string
    de: string | null
    vers: string | null
    detail: string | null
    at: string
    par: string | null
  }[]
}

type Photo = { id: number; mesure_ligne_id: number | null; nom: string; legende: string | null }

const COULEURS = ['blanc', 'anthracite', 'noir', 'gris', 'crème', 'chêne doré', 'brun']
const VITRAGES = ['double vitrage', 'triple vitrage', 'vitrage acoustique', 'feuilleté']

export const draftKey = (commandeId: number) => `mesurage:${commandeId}`

type SyncState = 'idle' | 'sending' | 'error' | 'refused'

function online(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine
}

function referenceText(row: DraftRow): string | null {
  const r = row.reference
  const parts = [
    r.largeur_mm || r.hauteur_mm ? `${r.largeur_mm ?? '…'} × ${r.hauteur_mm ?? '…'} mm` : null,
    r.couleur,
    r.vitrage,
    r.sens_ouverture
      ? (SENS_OUVERTURE_LABELS[r.sens_ouverture as SensOuverture] ?? r.sens_ouverture)
      : null,
    r.quantite !== null && r.quantite !== undefined
      ? `quantité ${String(r.quantite).replace('.', ',')}`
      : null,
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : null
}

/** The differences as typed (the server's rule, the société's tolerance). */
function liveEcarts(row: DraftRow, tolerance: number): DraftEcart[] {
  if (row.bdc_ligne_id === null) return []
  return ecartsLigne(
    {
      bdc_ligne_id: row.bdc_ligne_id,
      largeur_mm: parseMillimetres(row.largeur_mm),
      hauteur_mm: parseMillimetres(row.hauteur_mm),
      couleur: row.couleur || null,
      vitrage: row.vitrage || null,
      sens_ouverture: row.sens_ouverture || null,
      quantite: parseQuantite(row.quantite),
    },
    row.reference,
    tolerance
  )
}

function Field({
  id,
  label,
  error,
  children,
  className = 'col-12',
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label fw-semibold mb-1">
        {label}
      </label>
      {children}
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}

function RowCard({
  row,
  index,
  readOnly,
  tolerance,
  errors,
  pending,
  onChange,
  onRemove,
  commandeId,
  photos,
  canUpload,
  onPhoto,
}: {
  row: DraftRow
  index: number
  readOnly: boolean
  tolerance: number
  errors: Record<string, string>
  pending: boolean
  onChange: (patch: Partial<DraftRow>) => void
  onRemove: () => void
  commandeId: number
  photos: Photo[]
  canUpload: boolean
  onPhoto: (photo: Photo) => void
}) {
  const id = (f: string) => `l${index}-${f}`
  const ref = referenceText(row)
  const live = readOnly ? row.ecarts : liveEcarts(row, tolerance)
  const invalid = (f: string) => (errors[f] ? ' is-invalid' : '')
  const mmHint = (value: string) =>
    value.trim() !== '' && parseMillimetres(value) === null
      ? 'Un nombre entier de millimètres.'
      : undefined
  return (
    <div
      className={`card mb-3 shadow-sm${live.length ? ' border-danger' : ''}`}
      data-testid="mesure-ligne"
      data-uuid={row.client_uuid}
    >
      <div className="card-header d-flex align-items-center gap-2">
        <span className="badge text-bg-secondary">{index + 1}</span>
        <span className="fw-semibold flex-grow-1 text-truncate">
          {row.designation || (row.bdc_ligne_id === null ? 'Élément ajouté' : 'Élément')}
        </span>
        {pending && (
          <span className="badge text-bg-warning" title="Pas encore envoyé">
            <i className="bi bi-cloud-arrow-up" aria-hidden="true" /> à envoyer
          </span>
        )}
        {!readOnly && (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={onRemove}
            aria-label={`Retirer la ligne ${index + 1}`}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="card-body">
        {ref && (
          <p className="small text-body-secondary mb-2">
            <i className="bi bi-file-text me-1" aria-hidden="true" />
            Devis : {ref}
          </p>
        )}
        <fieldset disabled={readOnly} className="row g-3">
          <Field
            id={id('repere')}
            label="Repère / pièce"
            error={errors.repere}
            className="col-12 col-md-6"
          >
            <input
              id={id('repere')}
              className={`form-control form-control-lg${invalid('repere')}`}
              value={row.repere}
              maxLength={80}
              placeholder="Cuisine, chambre 1…"
              onChange={(e) => onChange({ repere: e.target.value })}
            />
          </Field>
          {row.bdc_ligne_id === null && (
            <Field
              id={id('designation')}
              label="Désignation"
              error={errors.designation}
              className="col-12 col-md-6"
            >
              <input
                id={id('designation')}
                className={`form-control form-control-lg${invalid('designation')}`}
                value={row.designation}
                maxLength={300}
                onChange={(e) => onChange({ designation: e.target.value })}
              />
            </Field>
          )}
          <Field
            id={id('largeur')}
            label="Largeur (mm)"
            error={errors.largeur_mm ?? mmHint(row.largeur_mm)}
            className="col-6"
          >
            <input
              id={id('largeur')}
              className={`form-control form-control-lg${invalid('largeur_mm')}`}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={row.largeur_mm}
              onChange={(e) => onChange({ largeur_mm: e.target.value })}
            />
          </Field>
          <Field
            id={id('hauteur')}
            label="Hauteur (mm)"
            error={errors.hauteur_mm ?? mmHint(row.hauteur_mm)}
            className="col-6"
          >
            <input
              id={id('hauteur')}
              className={`form-control form-control-lg${invalid('hauteur_mm')}`}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={row.hauteur_mm}
              onChange={(e) => onChange({ hauteur_mm: e.target.value })}
            />
          </Field>
          <div className="col-12">
            <div className="form-label fw-semibold mb-1" id={id('sens-label')}>
              Sens d’ouverture
            </div>
            <div
              className="d-grid gap-2"
              style={{ gridTemplateColumns: 'repeat(2, 1fr)' }}
              role="radiogroup"
              aria-labelledby={id('sens-label')}
            >
              {SENS_OUVERTURE.map((s) => {
                const on = row.sens_ouverture === s
                return (
                  <button
                    key={s}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    className={`btn btn-lg ${on ? 'btn-primary' : 'btn-outline-secondary'}`}
                    onClick={() => onChange({ sens_ouverture: on ? '' : s })}
                  >
                    {SENS_OUVERTURE_LABELS[s]}
                  </button>
                )
              })}
            </div>
            {errors.sens_ouverture && (
              <div className="invalid-feedback d-block">{errors.sens_ouverture}</div>
            )}
          </div>
          <Field
            id={id('couleur')}
            label="Couleur"
            error={errors.couleur}
            className="col-12 col-md-4"
          >
            <input
              id={id('couleur')}
              className={`form-control form-control-lg${invalid('couleur')}`}
              list="mesure-couleurs"
              maxLength={80}
              value={row.couleur}
              onChange={(e) => onChange({ couleur: e.target.value })}
            />
          </Field>
          <Field
            id={id('vitrage')}
            label="Vitrage"
            error={errors.vitrage}
            className="col-12 col-md-4"
          >
            <input
              id={id('vitrage')}
              className={`form-control form-control-lg${invalid('vitrage')}`}
              list="mesure-vitrages"
              maxLength={80}
              value={row.vitrage}
              onChange={(e) => onChange({ vitrage: e.target.value })}
            />
          </Field>
          <Field
            id={id('quantite')}
            label="Quantité"
            error={errors.quantite}
            className="col-12 col-md-4"
          >
            <input
              id={id('quantite')}
              className={`form-control form-control-lg${invalid('quantite')}`}
              inputMode="decimal"
              autoComplete="off"
              value={row.quantite}
              onChange={(e) => onChange({ quantite: e.target.value })}
            />
          </Field>
          <Field id={id('remarques')} label="Remarques" error={errors.remarques}>
            <textarea
              id={id('remarques')}
              className={`form-control${invalid('remarques')}`}
              rows={2}
              maxLength={2000}
              value={row.remarques}
              onChange={(e) => onChange({ remarques: e.target.value })}
            />
          </Field>
        </fieldset>
        <div className="mt-3">
          <PhotoThumbs commandeId={commandeId} fichiers={photos} />
          {canUpload && row.server_id !== null && (
            <div className="mt-2">
              <PhotoUpload
                commandeId={commandeId}
                etape="mesurage"
                mesureLigneId={row.server_id}
                label="Photo de l’élément"
                onUploaded={(f) =>
                  onPhoto({
                    id: f.id,
                    mesure_ligne_id: f.mesure_ligne_id,
                    nom: f.nom,
                    legende: f.legende,
                  })
                }
              />
            </div>
          )}
          {canUpload && row.server_id === null && (
            <p className="small text-body-secondary mb-0">
              <i className="bi bi-camera me-1" aria-hidden="true" />
              Photos possibles une fois la ligne envoyée.
            </p>
          )}
        </div>
        {live.length > 0 && (
          <div className="alert alert-danger mt-3 mb-0 py-2" data-testid="ecarts">
            <div className="fw-semibold">
              <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
              {readOnly ? 'Écarts avec le devis' : 'Écart avec le devis (à la validation)'}
            </div>
            <ul className="mb-0 ps-3 small">
              {live.map((e, i) => (
                <li key={i}>{e.message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}

/** esi/mesurage Show: the measurement sheet of a commande. */
export default function MesurageShow(props: MesurageShowProps) {
  const {
    commande,
    mesure,
    lignes,
    tolerance_mm: tolerance,
    etape,
    reouverture,
    historique,
  } = props
  const [photos, setPhotos] = useState<Photo[]>(props.photos)
  // New props (after a reload): their photos replace the local list
  const [photosFrom, setPhotosFrom] = useState(props.photos)
  if (photosFrom !== props.photos) {
    setPhotosFrom(props.photos)
    setPhotos(props.photos)
  }
  const key = draftKey(commande.id)
  const readOnly = mesure.statut === 'validee' || commande.statut === 'annulee'
  const [draft, setDraftState] = useState<Draft>(() =>
    mergeDraft(commande.id, { lignes, remarques: mesure.remarques }, null)
  )
  const [loaded, setLoaded] = useState(false)
  const [isOnline, setIsOnline] = useState(online())
  const [syncState, setSyncState] = useState<SyncState>('idle')
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const draftRef = useRef(draft)
  const lockRef = useRef(mesure.lock_version)
  const sendingRef = useRef(false)
  const attemptRef = useRef(0)
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null)
  const syncRef = useRef<() => Promise<void>>(async () => {})

  const schedule = useCallback((delay: number) => {
    if (timerRef.current) clearTimeout(timerRef.current)
    timerRef.current = setTimeout(() => {
      timerRef.current = null
      void syncRef.current()
    }, delay)
  }, [])

  const setDraft = useCallback(
    (update: (d: Draft) => Draft) => {
      const next = update(draftRef.current)
      draftRef.current = next
      setDraftState(next)
      void idbSet(key, next).catch(() => {})
    },
    [key]
  )

  // The stored draft (typed offline, maybe before a reload) merged over the server's rows
  useEffect(() => {
    let alive = true
    idbGet<Draft>(key)
      .catch(() => undefined)
      .then((stored) => {
        if (!alive) return
        setDraft(() =>
          mergeDraft(commande.id, { lignes, remarques: mesure.remarques }, stored ?? null)
        )
        setLoaded(true)
      })
    return () => {
      alive = false
    }
    // Re-merge when the server's sheet changes (after a validation, a reopening)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mesure.lock_version, mesure.statut])

  useEffect(() => {
    lockRef.current = mesure.lock_version
  }, [mesure.lock_version])

  const sync = useCallback(async () => {
    if (sendingRef.current || !online() || readOnly) return
    const current = draftRef.current
    if (pendingCount(current) === 0) return
    sendingRef.current = true
    setSyncState('sending')
    const { payload, sent } = buildPayload(current)
    try {
      const answer = await http.post<{ lock_version: number; lignes: ServerRow[] }>(
        route('esi.mesurage.sync', { id: commande.id }),
        payload,
        { progress: false }
      )
      lockRef.current = answer.lock_version
      attemptRef.current = 0
      setDraft((d) => acknowledge(d, sent, answer.lignes))
      setErrors({})
      setFormErrors([])
      setSyncState('idle')
      sendingRef.current = false
      // Typed while sending: send that too
      if (pendingCount(draftRef.current) > 0) schedule(300)
    } catch (error) {
      sendingRef.current = false
      if (error instanceof HttpError && error.status === 422) {
        const body = error.body as {
          message?: string
          errors?: { field: string; message: string }[]
        }
        const mapped = rowErrors(body.errors ?? [], payload as SyncPayload)
        setErrors(mapped.rows)
        setFormErrors(
          mapped.form.length ? mapped.form : body.errors ? [] : [body.message ?? error.message]
        )
        setSyncState('refused')
        return
      }
      if (
        error instanceof HttpError &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        setFormErrors([error.message])
        setSyncState('refused')
        return
      }
      // Network gone or server busy: try again later, nothing lost
      setSyncState('error')
      schedule(retryDelay(attemptRef.current++))
    }
  }, [commande.id, readOnly, setDraft, schedule])

  useEffect(() => {
    syncRef.current = sync
  }, [sync])

  useEffect(() => {
    const up = () => {
      setIsOnline(true)
      attemptRef.current = 0
      schedule(0)
    }
    const down = () => setIsOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
      if (timerRef.current) clearTimeout(timerRef.current)
    }
  }, [schedule])

  // A stored draft with pending changes is sent as soon as the page is loaded and online
  useEffect(() => {
    if (loaded && pendingCount(draftRef.current) > 0) schedule(0)
  }, [loaded, schedule])

  const change = (update: (d: Draft) => Draft) => {
    setDraft(update)
    if (syncState === 'refused') setSyncState('idle')
    schedule(800)
  }

  async function remove(row: DraftRow, index: number) {
    const ok = await confirmDelete({
      title: `Retirer la ligne ${index + 1} ?`,
      text:
        row.bdc_ligne_id === null
          ? 'Cet élément ajouté sur chantier sera retiré de la feuille.'
          : 'Cet élément du devis ne sera plus mesuré : ce sera un écart à la validation.',
    })
    if (ok) change((d) => removeRow(d, row.client_uuid))
  }

  async function valider() {
    if (pendingCount(draftRef.current) > 0) return
    const ok = await confirm({
      title: 'Valider le mesurage ?',
      text: 'Les écarts avec le devis seront relevés ; s’il y en a, un avenant sera à faire signer.',
      confirmText: 'Valider',
      icon: 'question',
    })
    if (!ok) return
    setBusy(true)
    try {
      const answer = await http.post<{ ecarts: number }>(
        route('esi.mesurage.valider', { id: commande.id }),
        { lock_version: lockRef.current }
      )
      setErrors({})
      setFormErrors([])
      toast(
        answer.ecarts ? 'warning' : 'success',
        answer.ecarts
          ? `Mesurage validé : ${answer.ecarts} écart${answer.ecarts > 1 ? 's' : ''} avec le devis, avenant à faire signer.`
          : 'Mesurage validé sans écart.'
      )
      router.reload()
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        const body = error.body as {
          message?: string
          errors?: { field: string; message: string }[]
        }
        const mapped = rowErrors(body.errors ?? [], null)
        setErrors(mapped.rows)
        setFormErrors(mapped.form.length ? mapped.form : body.errors ? [] : [body.message ?? ''])
        toast(
          'error',
          body.errors
            ? 'Des mesures manquent : voyez les champs en rouge.'
            : (body.message ?? error.message)
        )
      } else if (error instanceof HttpError) {
        toast('error', error.message)
      } else {
        toast('error', 'Pas de réseau : réessayez quand la connexion revient.')
      }
    } finally {
      setBusy(false)
    }
  }

  async function rouvrir() {
    const motif = await prompt({
      title: 'Rouvrir la feuille de mesurage',
      label: 'Motif',
      input: 'textarea',
      required: true,
      max: 500,
    })
    if (!motif) return
    setBusy(true)
    try {
      await http.post(route('esi.mesurage.rouvrir', { id: commande.id }), {
        lock_version: lockRef.current,
        motif,
      })
      toast('success', 'Feuille rouverte.')
      router.reload()
    } catch (error) {
      toast('error', error instanceof Error ? error.message : 'Erreur')
    } finally {
      setBusy(false)
    }
  }

  const label = pendingLabel(draft)
  const pending = pendingCount(draft)

  return (
    <>
      <Head title={`Mesurage ${commande.numero}`} />
      <PageHeader
        title={`Mesurage ${commande.numero}`}
        subtitle={
          <>
            {commande.client_nom}
            {commande.adresse_chantier ? ` — ${commande.adresse_chantier}` : ''}
          </>
        }
        breadcrumb={[
          { label: 'Mesurage', href: route('esi.mesurage.index') },
          { label: commande.numero },
        ]}
        actions={
          <a
            className="btn btn-alt-secondary"
            href={route('esi.mesurage.pdf', { id: commande.id })}
            target="_blank"
            rel="noreferrer"
          >
            <i className="bi bi-file-pdf me-1" aria-hidden="true" /> PDF
          </a>
        }
      />
      <div className="content" style={{ maxWidth: 900 }}>
        <datalist id="mesure-couleurs">
          {COULEURS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <datalist id="mesure-vitrages">
          {VITRAGES.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>

        <div
          className={`sticky-top alert ${label ? 'alert-warning' : 'alert-success'} d-flex align-items-center gap-2 py-2 mb-3`}
          role="status"
          aria-live="polite"
          data-testid="sync-status"
        >
          <i
            className={`bi ${isOnline ? 'bi-wifi' : 'bi-wifi-off'} fs-5`}
            role="img"
            aria-label={isOnline ? 'En ligne' : 'Hors ligne'}
          />
          <span className="flex-grow-1">
            {!isOnline && <strong>Hors ligne. </strong>}
            {label ?? (readOnly ? 'Feuille validée.' : 'Tout est enregistré sur le serveur.')}
            {label && readOnly && ' La feuille est validée : elles ne peuvent plus être envoyées.'}
            {syncState === 'sending' && ' Envoi…'}
            {syncState === 'error' && isOnline && ' Nouvel essai bientôt.'}
          </span>
          {label && readOnly && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() =>
                setDraft(() =>
                  mergeDraft(commande.id, { lignes, remarques: mesure.remarques }, null)
                )
              }
            >
              Abandonner
            </button>
          )}
          {label && !readOnly && isOnline && syncState !== 'sending' && (
            <button type="button" className="btn btn-sm btn-warning" onClick={() => void sync()}>
              Envoyer
            </button>
          )}
        </div>

        <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <span className={`badge text-bg-${ETAPE_STATUT_BADGES[etape.statut]}`}>
            Mesurage :{' '}
            {etape.statut === 'bloquee' && etape.motif_blocage
              ? etape.motif_blocage
              : ETAPE_STATUT_LABELS[etape.statut]}
          </span>
          {mesure.statut === 'validee' && (
            <span className="small text-body-secondary">
              Validée {mesure.validee_le ? `le ${formatDateTime(mesure.validee_le)}` : ''}
              {mesure.validee_par ? ` par ${mesure.validee_par}` : ''} (tolérance ±
              {mesure.tolerance_mm} mm)
            </span>
          )}
          {mesure.statut === 'brouillon' && (
            <span className="small text-body-secondary">Tolérance ±{tolerance} mm</span>
          )}
          {props.document && (
            <a
              className="small"
              href={route('esi.commandes.fichiers.show', {
                id: commande.id,
                fichier: props.document.id,
              })}
              target="_blank"
              rel="noreferrer"
            >
              <i className="bi bi-paperclip me-1" aria-hidden="true" />
              Feuille validée jointe à la commande
            </a>
          )}
          <Link href={route('esi.commandes.show', { id: commande.id })} className="small ms-auto">
            Voir la commande
          </Link>
        </div>

        {formErrors.length > 0 && (
          <div className="alert alert-danger" role="alert">
            {formErrors.map((m, i) => (
              <div key={i}>{m}</div>
            ))}
          </div>
        )}
        {mesure.ecarts.length > 0 && (
          <div className="alert alert-danger">
            {mesure.ecarts.map((e, i) => (
              <div key={i}>{e.message}</div>
            ))}
          </div>
        )}

        {draft.rows.map((row, i) => (
          <RowCard
            key={row.client_uuid}
            row={row}
            index={i}
            readOnly={readOnly || !loaded}
            tolerance={tolerance}
            errors={errors[row.client_uuid] ?? {}}
            pending={Boolean(draft.pending[row.client_uuid])}
            onChange={(patch) => change((d) => editRow(d, row.client_uuid, patch))}
            onRemove={() => void remove(row, i)}
            commandeId={commande.id}
            photos={photos.filter(
              (p) => p.mesure_ligne_id !== null && p.mesure_ligne_id === row.server_id
            )}
            canUpload={isOnline && commande.statut !== 'annulee'}
            onPhoto={(p) => setPhotos((list) => [p, ...list])}
          />
        ))}
        {draft.rows.length === 0 && (
          <p className="text-body-secondary">Aucun élément sur la feuille.</p>
        )}

        {!readOnly && (
          <button
            type="button"
            className="btn btn-outline-primary btn-lg w-100 mb-4"
            disabled={!loaded}
            onClick={() => change((d) => addRow(d, crypto.randomUUID()))}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" /> Ajouter un élément
          </button>
        )}

        <div className="mb-4" data-testid="photos-chantier">
          <h2 className="h6 fw-semibold">Photos du chantier</h2>
          <PhotoThumbs
            commandeId={commande.id}
            fichiers={photos.filter((p) => p.mesure_ligne_id === null)}
          />
          {isOnline && commande.statut !== 'annulee' && (
            <div className="mt-2">
              <PhotoUpload
                commandeId={commande.id}
                etape="mesurage"
                label="Photo du chantier"
                onUploaded={(f) =>
                  setPhotos((list) => [
                    { id: f.id, mesure_ligne_id: null, nom: f.nom, legende: f.legende },
                    ...list,
                  ])
                }
              />
            </div>
          )}
        </div>

        <div className="mb-4">
          <label htmlFor="mesure-remarques" className="form-label fw-semibold">
            Remarques sur le chantier
          </label>
          <textarea
            id="mesure-remarques"
            className="form-control"
            rows={3}
            maxLength={5000}
            disabled={readOnly || !loaded}
            value={draft.remarques}
            onChange={(e) => {
              const value = e.target.value
              change((d) => editRemarques(d, value))
            }}
          />
        </div>

        <div className="d-grid gap-2 mb-4">
          {!readOnly && (
            <button
              type="button"
              className="btn btn-success btn-lg"
              disabled={busy || pending > 0 || !isOnline || !loaded}
              onClick={() => void valider()}
            >
              <i className="bi bi-check2-circle me-1" aria-hidden="true" /> Valider le mesurage
            </button>
          )}
          {!readOnly && (pending > 0 || !isOnline) && (
            <p className="small text-body-secondary mb-0 text-center">
              La validation attend que tout soit envoyé.
            </p>
          )}
          {mesure.statut === 'validee' && (
            <>
              <button
                type="button"
                className="btn btn-outline-secondary btn-lg"
                disabled={busy || reouverture.raison !== null}
                onClick={() => void rouvrir()}
              >
                <i className="bi bi-unlock me-1" aria-hidden="true" /> Rouvrir la feuille
              </button>
              {reouverture.raison && (
                <p className="small text-body-secondary mb-0 text-center">{reouverture.raison}</p>
              )}
            </>
          )}
        </div>

        {historique.length > 0 && (
          <div className="mb-5">
            <h2 className="h6 fw-semibold">Historique</h2>
            <ul className="list-unstyled small">
              {historique.map((h) => (
                <li key={h.id} className="mb-1">
                  <span className="text-body-secondary">{formatDateTime(h.at)}</span>
                  {h.par ? ` — ${h.par}` : ''} : {h.detail ?? h.action}
                  {h.vers && h.action === 'statut'
                    ? ` (${ETAPE_STATUT_LABELS[h.vers as EtapeStatut] ?? h.vers})`
                    : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </>
  )
}
