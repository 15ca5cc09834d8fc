import type { ReactElement } from 'react'
import { Head, Link } from '@inertiajs/react'
import { route } from '~/lib/route'
import { formatMoney } from '../../lib/format.js'
import { SPECIALS, SPECIAL_LABELS, type Special } from '@shared/preview'

export type SpecialsPreviewProps = { page: Special }

/*
 * Template demonstrations of the special pages (SPEC.md §1, issue 14 §5): checkout, coming soon,
 * installation, maintenance and status, on the guest simple layout. Every name, figure and date
 * below is made up; nothing is read from the database and nothing is sent.
 */

function Banner({ page }: { page: Special }) {
  return (
    <div className="alert alert-info small mb-4" role="note">
      <p className="mb-2">
        <i className="bi bi-eye me-2" aria-hidden="true" />
        <strong>Aperçu — page de démonstration</strong>, données d’exemple.
      </p>
      <nav aria-label="Pages spéciales" className="d-flex flex-wrap gap-2">
        {SPECIALS.map((p) => (
          <Link
            key={p}
            href={route('preview.specials', { page: p })}
            className={`badge text-decoration-none ${p === page ? 'bg-primary' : 'bg-secondary-subtle text-body'}`}
            aria-current={p === page ? 'page' : undefined}
          >
            {SPECIAL_LABELS[p]}
          </Link>
        ))}
        <Link href={route('preview.landing')} className="badge bg-secondary-subtle text-body">
          Accueil (landing)
        </Link>
      </nav>
    </div>
  )
}

const PANIER = [
  { libelle: 'Châssis PVC oscillo-battant 100 × 140 cm', quantite: 2, prix: 48_500 },
  { libelle: 'Pose et évacuation des anciens châssis', quantite: 2, prix: 12_000 },
]

function Checkout() {
  const ht = PANIER.reduce((n, l) => n + l.quantite * l.prix, 0)
  const tva = Math.round(ht * 0.06)
  return (
    <div className="row g-4">
      <div className="col-md-7">
        <h1 className="h4 fw-bold mb-3">Paiement de l’acompte</h1>
        <form onSubmit={(e) => e.preventDefault()} noValidate>
          <div className="mb-3">
            <label className="form-label" htmlFor="checkout-nom">
              Nom sur la carte
            </label>
            <input id="checkout-nom" className="form-control" defaultValue="Anne Exemple" />
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor="checkout-carte">
              Numéro de carte
            </label>
            <input
              id="checkout-carte"
              className="form-control"
              inputMode="numeric"
              defaultValue="4111 1111 1111 1111"
            />
          </div>
          <div className="row g-3 mb-3">
            <div className="col-6">
              <label className="form-label" htmlFor="checkout-exp">
                Expiration
              </label>
              <input id="checkout-exp" className="form-control" defaultValue="12/29" />
            </div>
            <div className="col-6">
              <label className="form-label" htmlFor="checkout-cvc">
                Code
              </label>
              <input id="checkout-cvc" className="form-control" defaultValue="123" />
            </div>
          </div>
          <button type="submit" className="btn btn-primary w-100" disabled>
            Payer {formatMoney(Math.round((ht + tva) * 0.3))} (aperçu, rien n’est débité)
          </button>
        </form>
      </div>
      <div className="col-md-5">
        <div className="card">
          <div className="card-header fw-semibold">Récapitulatif</div>
          <ul className="list-group list-group-flush">
            {PANIER.map((l) => (
              <li key={l.libelle} className="list-group-item d-flex justify-content-between gap-2">
                <span>
                  {l.quantite} × {l.libelle}
                </span>
                <span className="text-nowrap">{formatMoney(l.quantite * l.prix)}</span>
              </li>
            ))}
            <li className="list-group-item d-flex justify-content-between">
              <span>TVA 6 %</span>
              <span>{formatMoney(tva)}</span>
            </li>
            <li className="list-group-item d-flex justify-content-between fw-bold">
              <span>Total TTC</span>
              <span>{formatMoney(ht + tva)}</span>
            </li>
            <li className="list-group-item d-flex justify-content-between text-primary fw-semibold">
              <span>Acompte 30 %</span>
              <span>{formatMoney(Math.round((ht + tva) * 0.3))}</span>
            </li>
          </ul>
        </div>
      </div>
    </div>
  )
}

function ComingSoon() {
  const parts: [string, string][] = [
    ['12', 'jours'],
    ['08', 'heures'],
    ['45', 'minutes'],
  ]
  return (
    <div className="text-center py-4">
      <i className="bi bi-rocket-takeoff display-4 text-primary" aria-hidden="true" />
      <h1 className="h3 fw-bold mt-3">Bientôt disponible</h1>
      <p className="text-body-secondary">
        Notre nouvel espace client ouvre bientôt : suivez votre chantier, vos documents et vos
        rendez-vous en ligne.
      </p>
      <div className="d-flex justify-content-center gap-3 my-4">
        {parts.map(([n, l]) => (
          <div key={l} className="border rounded-3 px-3 py-2">
            <div className="fs-3 fw-bold">{n}</div>
            <div className="small text-body-secondary">{l}</div>
          </div>
        ))}
      </div>
      <form className="d-flex gap-2 justify-content-center" onSubmit={(e) => e.preventDefault()}>
        <label className="visually-hidden" htmlFor="soon-email">
          Adresse e-mail
        </label>
        <input
          id="soon-email"
          type="email"
          className="form-control"
          style={{ maxWidth: 280 }}
          placeholder="vous@exemple.be"
        />
        <button type="submit" className="btn btn-primary" disabled>
          Me prévenir
        </button>
      </form>
    </div>
  )
}

function Installation() {
  const etapes: [string, boolean][] = [
    ['Base de données PostgreSQL', true],
    ['Migrations appliquées', true],
    ['Société et numéro d’entreprise', true],
    ['Compte administrateur avec double authentification', false],
    ['Serveur d’e-mails (SMTP)', false],
  ]
  return (
    <div>
      <h1 className="h4 fw-bold mb-1">Installation</h1>
      <p className="text-body-secondary">Étape 4 sur 5 — encore deux points à régler.</p>
      <div
        className="progress mb-4"
        role="progressbar"
        aria-label="Avancement de l’installation"
        aria-valuenow={60}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: '60%' }} />
      </div>
      <ul className="list-group mb-3">
        {etapes.map(([label, ok]) => (
          <li key={label} className="list-group-item d-flex align-items-center gap-2">
            <i
              className={`bi ${ok ? 'bi-check-circle-fill text-success' : 'bi-circle text-body-secondary'}`}
              aria-hidden="true"
            />
            <span>{label}</span>
            <span className="visually-hidden">{ok ? ' (fait)' : ' (à faire)'}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" disabled>
        Continuer (aperçu)
      </button>
    </div>
  )
}

function Maintenance() {
  return (
    <div className="text-center py-4">
      <i className="bi bi-tools display-4 text-warning" aria-hidden="true" />
      <h1 className="h3 fw-bold mt-3">Maintenance en cours</h1>
      <p className="text-body-secondary mb-1">
        Nous mettons l’application à jour. Elle revient dans quelques minutes.
      </p>
      <p className="text-body-secondary">Fin prévue : 06:30 (heure de Bruxelles).</p>
      <p className="small">
        Une urgence sur un chantier ? Appelez le <a href="tel:+3281000000">081 00 00 00</a>.
      </p>
    </div>
  )
}

function Status() {
  const services: [string, 'ok' | 'degrade' | 'panne', string][] = [
    ['Application', 'ok', 'Opérationnelle'],
    ['Envoi des e-mails', 'ok', 'Opérationnel'],
    ['Factures Peppol', 'degrade', 'Lenteurs chez le point d’accès'],
    ['Paiements (QR codes)', 'ok', 'Opérationnel'],
    ['Sauvegardes', 'ok', 'Dernière : cette nuit à 02:00'],
  ]
  const badge = { ok: 'success', degrade: 'warning', panne: 'danger' } as const
  return (
    <div>
      <h1 className="h4 fw-bold mb-3">État des services</h1>
      <div className="alert alert-warning small" role="status">
        Un service fonctionne au ralenti ; tout le reste est opérationnel.
      </div>
      <ul className="list-group">
        {services.map(([nom, etat, detail]) => (
          <li
            key={nom}
            className="list-group-item d-flex flex-column flex-sm-row justify-content-between gap-1"
          >
            <span className="fw-semibold">{nom}</span>
            <span className="small">
              <i className={`bi bi-circle-fill text-${badge[etat]} me-1`} aria-hidden="true" />
              {detail}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

const PAGES: Record<Special, () => ReactElement> = {
  checkout: Checkout,
  'coming-soon': ComingSoon,
  installation: Installation,
  maintenance: Maintenance,
  status: Status,
}

export default function Specials({ page }: SpecialsPreviewProps) {
  const Page = PAGES[page]
  return (
    <>
      <Head title={`Aperçu — ${SPECIAL_LABELS[page]}`} />
      <div className="container py-4" style={{ maxWidth: 860 }}>
        <Banner page={page} />
        <div className="card">
          <div className="card-body p-4">
            <Page />
          </div>
        </div>
      </div>
    </>
  )
}
