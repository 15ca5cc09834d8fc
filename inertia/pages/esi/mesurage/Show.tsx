/*
 * esi/mesurage Show (issue 12 §2): the measurement sheet on a phone, offline first. What is typed
 * goes to the draft (inertia/lib/mesurage_draft.ts), kept in IndexedDB at once, and is sent by
 * the sync when the network is there (online event, retries); the bar says what is not yet sent.
 * Its parts are in inertia/components/mesurage/ (the draft's hook, a row's card, the bar).
 */
import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import PhotoUpload, { PhotoThumbs } from '../../../components/commande/PhotoUpload.js'
import MesureLigneCard, { MesureDatalists } from '../../../components/mesurage/MesureLigneCard.js'
import MesureHistorique, {
  type MesureHistoriqueEntry,
} from '../../../components/mesurage/MesureHistorique.js'
import SyncStatusBar from '../../../components/mesurage/SyncStatusBar.js'
import { useMesureDraft } from '../../../components/mesurage/use_mesure_draft.js'
import type { Photo } from '../../../components/mesurage/types.js'
import { route } from '../../../lib/route.js'
import { http, HttpError } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { confirm, confirmDelete, prompt } from '../../../lib/dialogs/index.js'
import { formatDateTime } from '../../../lib/format.js'
import {
  addRow,
  editRemarques,
  editRow,
  mergeDraft,
  pendingCount,
  pendingLabel,
  removeRow,
  rowErrors,
  type DraftEcart,
  type DraftRow,
  type ServerRow,
} from '../../../lib/mesurage_draft.js'
import { ETAPE_STATUT_BADGES, ETAPE_STATUT_LABELS, type EtapeStatut } from '@shared/commande_etapes'

export { draftKey } from '../../../components/mesurage/use_mesure_draft.js'

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
  historique: MesureHistoriqueEntry[]
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
  const readOnly = mesure.statut === 'validee' || commande.statut === 'annulee'
  const {
    draft,
    setDraft,
    loaded,
    isOnline,
    syncState,
    errors,
    setErrors,
    formErrors,
    setFormErrors,
    lockRef,
    draftRef,
    sync,
    change,
  } = useMesureDraft({ commandeId: commande.id, mesure, lignes, readOnly })
  const [busy, setBusy] = useState(false)

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
        <MesureDatalists />

        <SyncStatusBar
          label={label}
          readOnly={readOnly}
          isOnline={isOnline}
          syncState={syncState}
          onAbandon={() =>
            setDraft(() => mergeDraft(commande.id, { lignes, remarques: mesure.remarques }, null))
          }
          onSend={() => void sync()}
        />

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
          <MesureLigneCard
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

        <MesureHistorique historique={historique} />
      </div>
    </>
  )
}
