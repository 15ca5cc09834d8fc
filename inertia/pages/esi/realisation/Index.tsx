/*
 * Réalisations (issue 14 §4): the work photos of every commande, filtered by product family,
 * commune and date (state in the URL), with the upload entry (commande + step) and, per photo,
 * its caption, « publique » switch and delete (admin droit).
 */
import { Head, router } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import PageHeader from '~/components/layout/PageHeader'
import Block from '~/components/ui/Block'
import PhotoCard, { type GalleryPhoto } from '~/components/realisation/PhotoCard'
import UploadPanel, { type CommandeOption } from '~/components/realisation/UploadPanel'
import PagesNav from '~/components/realisation/PagesNav'
import { route } from '~/lib/route'
import { filtresQuery, type RealisationFiltres } from '@shared/realisations'

export type RealisationIndexProps = {
  photos: GalleryPhoto[]
  total: number
  page: number
  pages: number
  filtres: RealisationFiltres
  options: { familles: string[]; lieux: string[] }
  commande: CommandeOption | null
  canDelete: boolean
}

export default function RealisationIndex({
  photos,
  total,
  page,
  pages,
  filtres,
  options,
  commande,
  canDelete,
}: RealisationIndexProps) {
  const [form, setForm] = useState({
    famille: filtres.famille ?? '',
    lieu: filtres.lieu ?? '',
    du: filtres.du ?? '',
    au: filtres.au ?? '',
  })
  const filtered = Boolean(filtres.famille || filtres.lieu || filtres.du || filtres.au)

  function apply(event?: FormEvent) {
    event?.preventDefault()
    router.get(route('esi.realisation', {}, filtresQuery({ ...form, page: 1 })))
  }

  function reset() {
    setForm({ famille: '', lieu: '', du: '', au: '' })
    router.get(route('esi.realisation'))
  }

  return (
    <>
      <Head title="Réalisations" />
      <PageHeader
        title="Réalisations"
        subtitle="Les photos de chantier de toutes les commandes"
        actions={
          <a
            className="btn btn-alt-secondary"
            href={route('public.realisations')}
            target="_blank"
            rel="noreferrer"
          >
            <i className="bi bi-globe me-1" aria-hidden="true" />
            Portfolio public
          </a>
        }
      />
      <div className="content">
        <Block title="Ajouter des photos" contentToggle>
          <UploadPanel initial={commande} />
        </Block>
        <Block title="Filtrer">
          <form className="row g-2 align-items-end" onSubmit={apply} role="search">
            <div className="col-6 col-md-3">
              <label className="form-label small" htmlFor="filtre-famille">
                Famille de produits
              </label>
              <select
                id="filtre-famille"
                className="form-select form-select-sm"
                value={form.famille}
                onChange={(e) => setForm({ ...form, famille: e.target.value })}
              >
                <option value="">Toutes</option>
                {options.familles.map((f) => (
                  <option key={f}>{f}</option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-3">
              <label className="form-label small" htmlFor="filtre-lieu">
                Commune
              </label>
              <select
                id="filtre-lieu"
                className="form-select form-select-sm"
                value={form.lieu}
                onChange={(e) => setForm({ ...form, lieu: e.target.value })}
              >
                <option value="">Toutes</option>
                {options.lieux.map((l) => (
                  <option key={l}>{l}</option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-2">
              <label className="form-label small" htmlFor="filtre-du">
                Du
              </label>
              <input
                id="filtre-du"
                type="date"
                className="form-control form-control-sm"
                value={form.du}
                onChange={(e) => setForm({ ...form, du: e.target.value })}
              />
            </div>
            <div className="col-6 col-md-2">
              <label className="form-label small" htmlFor="filtre-au">
                Au
              </label>
              <input
                id="filtre-au"
                type="date"
                className="form-control form-control-sm"
                value={form.au}
                onChange={(e) => setForm({ ...form, au: e.target.value })}
              />
            </div>
            <div className="col-12 col-md-2 d-flex gap-2">
              <button type="submit" className="btn btn-sm btn-primary flex-grow-1">
                Filtrer
              </button>
              {filtered && (
                <button type="button" className="btn btn-sm btn-alt-secondary" onClick={reset}>
                  Effacer
                </button>
              )}
            </div>
          </form>
        </Block>
        <p
          className="text-body-secondary small"
          aria-live="polite"
          data-testid="realisations-total"
        >
          {total} photo{total > 1 ? 's' : ''}
        </p>
        {photos.length === 0 ? (
          <p className="text-center text-body-secondary py-5">
            {filtered
              ? 'Aucune photo ne correspond à ces filtres.'
              : 'Aucune photo pour l’instant : ajoutez-en depuis un chantier.'}
          </p>
        ) : (
          <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3">
            {photos.map((photo) => (
              <div className="col" key={photo.id}>
                <PhotoCard photo={photo} canDelete={canDelete} />
              </div>
            ))}
          </div>
        )}
        <PagesNav
          page={page}
          pages={pages}
          href={(p) => route('esi.realisation', {}, filtresQuery({ ...filtres, page: p }))}
        />
      </div>
    </>
  )
}
