/*
 * The public portfolio (issue 14 §4, decision 533): the photos staff marked « publique », with
 * their caption, commune, product families and date — never a client's name or address. Open to
 * anyone, for the company's website to link; a filter by product family, pages in the URL.
 */
import { useState, type ReactNode } from 'react'
import { Head, router } from '@inertiajs/react'
import GuestSimpleLayout from '../../layouts/GuestSimpleLayout.js'
import PagesNav from '../../components/realisation/PagesNav.js'
import DialogModal from '../../components/ui/DialogModal.js'
import { route } from '../../lib/route.js'
import { formatDate } from '../../lib/format.js'
import { filtresQuery, type RealisationFiltres } from '@shared/realisations'

type PortfolioPhoto = {
  id: number
  legende: string | null
  largeur: number | null
  hauteur: number | null
  prise_le: string
  lieu: string | null
  familles: string[]
}

export type PublicRealisationsProps = {
  photos: PortfolioPhoto[]
  total: number
  page: number
  pages: number
  filtres: RealisationFiltres
  familles: string[]
  societe: { nom: string } | null
}

export default function PublicRealisations({
  photos,
  page,
  pages,
  filtres,
  familles,
  societe,
}: PublicRealisationsProps) {
  const title = societe ? `Nos réalisations — ${societe.nom}` : 'Nos réalisations'
  // The photo opened large in a dialog (its file is served as a download when opened alone)
  const [opened, setOpened] = useState<PortfolioPhoto | null>(null)
  const caption = (photo: PortfolioPhoto) =>
    [photo.lieu, photo.familles.join(', '), formatDate(photo.prise_le)].filter(Boolean).join(' · ')
  return (
    <div className="container py-4" style={{ maxWidth: '72rem' }}>
      <Head title="Nos réalisations" />
      <h1 className="h3 mb-1">{title}</h1>
      <p className="text-body-secondary">Quelques chantiers que nous avons menés à bien.</p>
      {familles.length > 1 && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Famille de produits">
          <button
            type="button"
            className={`btn btn-sm ${filtres.famille ? 'btn-outline-secondary' : 'btn-secondary'}`}
            onClick={() => router.get(route('public.realisations'))}
          >
            Tout
          </button>
          {familles.map((f) => (
            <button
              key={f}
              type="button"
              className={`btn btn-sm ${filtres.famille === f ? 'btn-secondary' : 'btn-outline-secondary'}`}
              onClick={() => router.get(route('public.realisations', {}, { famille: f }))}
            >
              {f}
            </button>
          ))}
        </div>
      )}
      {photos.length === 0 ? (
        <p className="text-center text-body-secondary py-5">
          Aucune réalisation à montrer pour l’instant.
        </p>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3">
          {photos.map((photo) => {
            const url = route('public.realisations.photo', { id: photo.id })
            return (
              <figure className="col mb-0" key={photo.id} data-testid={`portfolio-${photo.id}`}>
                <button
                  type="button"
                  className="d-block w-100 p-0 border-0 bg-transparent ratio ratio-4x3"
                  onClick={() => setOpened(photo)}
                  aria-label={`Agrandir : ${photo.legende ?? 'réalisation'}`}
                >
                  <img
                    src={`${url}?vignette=1`}
                    alt={photo.legende ?? 'Réalisation'}
                    className="object-fit-cover rounded"
                    loading="lazy"
                  />
                </button>
                <figcaption className="small mt-1">
                  {photo.legende && <span className="d-block fw-semibold">{photo.legende}</span>}
                  <span className="text-body-secondary">{caption(photo)}</span>
                </figcaption>
              </figure>
            )
          })}
        </div>
      )}
      <DialogModal
        show={opened !== null}
        title={opened?.legende ?? 'Réalisation'}
        onClose={() => setOpened(null)}
        size="xl"
      >
        {opened && (
          <figure className="mb-0" data-testid="portfolio-agrandie">
            <img
              src={route('public.realisations.photo', { id: opened.id })}
              alt={opened.legende ?? 'Réalisation'}
              className="img-fluid rounded d-block mx-auto"
              width={opened.largeur ?? undefined}
              height={opened.hauteur ?? undefined}
              style={{ maxHeight: '75vh', width: 'auto' }}
            />
            <figcaption className="small text-body-secondary mt-2">{caption(opened)}</figcaption>
          </figure>
        )}
      </DialogModal>
      <PagesNav
        page={page}
        pages={pages}
        href={(p) =>
          route('public.realisations', {}, filtresQuery({ famille: filtres.famille, page: p }))
        }
      />
    </div>
  )
}

PublicRealisations.layout = (page: ReactNode) => <GuestSimpleLayout>{page}</GuestSimpleLayout>
