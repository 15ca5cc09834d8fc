/*
 * One photo of the gallery (issue 14 §4): its thumbnail opening the photo, caption (editable by
 * staff), commande, step, date, commune and product families, the « publique » switch, and the
 * delete button for the admin droit.
 */
import { useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { http, HttpError } from '~/lib/http'
import { route } from '~/lib/route'
import { formatDate } from '~/lib/format'
import { confirmDelete } from '~/lib/dialogs'
import { toast } from '~/lib/toast'
import DialogModal from '~/components/ui/DialogModal'
import { ETAPE_LABELS } from '@shared/commande_etapes'
import type { RealisationItem } from '@shared/realisations'

/** A photo of the gallery, as the server lists it. */
export type GalleryPhoto = RealisationItem

function message(error: unknown): string {
  if (error instanceof HttpError && error.body && typeof error.body === 'object') {
    const errors = (error.body as { errors?: { message?: string }[] }).errors
    if (errors?.[0]?.message) return errors[0].message
  }
  return 'La modification n’a pas pu être enregistrée : réessayez.'
}

export default function PhotoCard({
  photo,
  canDelete,
}: {
  photo: GalleryPhoto
  canDelete: boolean
}) {
  const [legende, setLegende] = useState(photo.legende ?? '')
  const [publique, setPublique] = useState(photo.publique)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [large, setLarge] = useState(false)
  const url = route('esi.commandes.fichiers.show', { id: photo.commande_id, fichier: photo.id })
  const changed = legende.trim() !== (photo.legende ?? '')

  async function save(values: { legende?: string | null; publique?: boolean }) {
    setSaving(true)
    setError(null)
    try {
      await http.patch(route('esi.realisation.update', { id: photo.id }), values)
      return true
    } catch (e) {
      setError(message(e))
      return false
    } finally {
      setSaving(false)
    }
  }

  async function togglePublique(next: boolean) {
    setPublique(next)
    if (await save({ publique: next })) {
      toast('success', next ? 'Photo visible sur le portfolio.' : 'Photo retirée du portfolio.')
    } else setPublique(!next)
  }

  async function saveLegende() {
    if (await save({ legende: legende.trim() || null })) {
      toast('success', 'Légende enregistrée.')
      router.reload({ only: ['photos'] })
    }
  }

  async function destroy() {
    const ok = await confirmDelete({
      title: 'Supprimer cette photo ?',
      text: 'La photo et sa vignette seront supprimées définitivement.',
    })
    if (ok)
      router.delete(route('admin.realisation.destroy', { id: photo.id }), { preserveScroll: true })
  }

  const switchId = `publique-${photo.id}`
  return (
    <div className="card h-100" data-testid={`photo-${photo.id}`}>
      <button
        type="button"
        className="ratio ratio-4x3 bg-body-tertiary p-0 border-0"
        onClick={() => setLarge(true)}
        aria-label={`Agrandir la photo ${photo.id}`}
      >
        <img
          src={`${url}?vignette=1`}
          alt={photo.legende ?? `Photo de ${photo.commande_numero}`}
          className="object-fit-cover rounded-top"
          loading="lazy"
        />
      </button>
      <DialogModal
        show={large}
        title={photo.legende ?? photo.commande_numero}
        onClose={() => setLarge(false)}
        size="xl"
        footer={
          <a className="btn btn-alt-secondary" href={url}>
            <i className="bi bi-download me-1" aria-hidden="true" />
            Télécharger
          </a>
        }
      >
        <img
          src={url}
          alt={photo.legende ?? `Photo de ${photo.commande_numero}`}
          className="img-fluid rounded d-block mx-auto"
          style={{ maxHeight: '75vh', width: 'auto' }}
        />
      </DialogModal>
      <div className="card-body p-2 small">
        <div className="d-flex justify-content-between gap-2 mb-1">
          <Link href={route('esi.commandes.show', { id: photo.commande_id })}>
            {photo.commande_numero}
          </Link>
          <span className="text-body-secondary">{formatDate(photo.prise_le)}</span>
        </div>
        <div className="text-body-secondary mb-2">
          {photo.etape ? ETAPE_LABELS[photo.etape] : 'Commande'}
          {photo.lieu && ` · ${photo.lieu}`}
          {photo.familles.length > 0 && ` · ${photo.familles.join(', ')}`}
        </div>
        <label className="visually-hidden" htmlFor={`legende-${photo.id}`}>
          Légende
        </label>
        <div className="input-group input-group-sm mb-2">
          <input
            id={`legende-${photo.id}`}
            className="form-control"
            placeholder="Légende"
            maxLength={300}
            value={legende}
            onChange={(e) => setLegende(e.target.value)}
          />
          {changed && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={saving}
              onClick={saveLegende}
            >
              Enregistrer
            </button>
          )}
        </div>
        <div className="d-flex justify-content-between align-items-center">
          <div className="form-check form-switch mb-0">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={publique}
              disabled={saving}
              onChange={(e) => togglePublique(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={switchId}>
              Publique
            </label>
          </div>
          {canDelete && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={destroy}
              aria-label={`Supprimer la photo ${photo.id}`}
            >
              <i className="bi bi-trash" aria-hidden="true" />
            </button>
          )}
        </div>
        {error && (
          <div className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  )
}
