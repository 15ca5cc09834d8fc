import { Head, Link } from '@inertiajs/react'
import { route } from '~/lib/route'

/*
 * Template demonstration of the landing layout (SPEC.md §1, issue 14 §5): the boxed page with a
 * static header and horizontal navigation, sample marketing text of an installer. Nothing here is
 * a business function; the buttons lead to the other preview pages.
 */
const ATOUTS = [
  {
    icon: 'bi bi-rulers',
    titre: 'Mesuré chez vous',
    texte: 'Un technicien relève chaque châssis au millimètre avant la fabrication.',
  },
  {
    icon: 'bi bi-truck',
    titre: 'Livré et posé',
    texte: 'Nos équipes posent, évacuent les anciens châssis et signent la réception avec vous.',
  },
  {
    icon: 'bi bi-shield-check',
    titre: 'Garanti',
    texte: 'Dix ans sur les profilés, deux ans sur la pose, un interlocuteur unique.',
  },
]

export default function Landing() {
  return (
    <>
      <Head title="Aperçu — accueil" />
      <div className="alert alert-info small" role="note">
        <i className="bi bi-eye me-2" aria-hidden="true" />
        <strong>Aperçu — page de démonstration</strong>, texte d’exemple.
      </div>
      <section className="py-5 text-center">
        <h1 className="display-6 fw-bold">Châssis, portes et cuisines sur mesure</h1>
        <p className="lead text-body-secondary mx-auto" style={{ maxWidth: 640 }}>
          Du devis à la réception du chantier, suivez chaque étape de votre projet avec la même
          équipe.
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2 mt-4">
          <Link
            href={route('preview.specials', { page: 'coming-soon' })}
            className="btn btn-primary"
          >
            Demander un devis
          </Link>
          <Link
            href={route('preview.specials', { page: 'status' })}
            className="btn btn-alt-secondary"
          >
            État des services
          </Link>
        </div>
      </section>
      <section className="row g-4 pb-5">
        {ATOUTS.map((a) => (
          <div key={a.titre} className="col-md-4">
            <div className="card h-100">
              <div className="card-body">
                <i className={`${a.icon} fs-2 text-primary`} aria-hidden="true" />
                <h2 className="h5 fw-bold mt-2">{a.titre}</h2>
                <p className="text-body-secondary mb-0">{a.texte}</p>
              </div>
            </div>
          </div>
        ))}
      </section>
    </>
  )
}
