import { Head, Link, usePage } from '@inertiajs/react'
import type { SharedProps } from '../types.js'
import FeatureCard, { type Feature } from '../components/welcome/FeatureCard.js'
import HeroIllustration from '../components/welcome/HeroIllustration.js'
import Pipeline from '../components/welcome/Pipeline.js'
import { route } from '~/lib/route'

const FEATURES: Feature[] = [
  {
    icon: 'bi bi-file-earmark-text',
    title: 'Devis',
    color: 'primary',
    text: 'Des devis sur mesure, ligne par ligne, avec la TVA belge, les remises, les textes types et un PDF prêt à envoyer.',
  },
  {
    icon: 'bi bi-pen',
    title: 'Bons de commande',
    color: 'success',
    text: 'Le devis accepté devient un bon de commande signé, avec son acompte et le délai de rétractation suivi.',
  },
  {
    icon: 'bi bi-box-seam',
    title: 'Commandes',
    color: 'warning',
    text: 'Chaque chantier suit ses étapes : mesurage, approvisionnement, fourniture puis pose, sans en sauter une.',
  },
  {
    icon: 'bi bi-calendar3',
    title: 'Planning',
    color: 'info',
    text: 'Rendez-vous commerciaux et interventions techniques sur un même planning, avec la carte des chantiers.',
  },
  {
    icon: 'bi bi-calculator',
    title: 'Comptabilité',
    color: 'danger',
    text: 'Factures d’acompte et de solde, notes de crédit, paiements et créances, avec la communication structurée.',
  },
  {
    icon: 'bi bi-people',
    title: 'Espace partenaires',
    color: 'secondary',
    text: 'Architectes, entrepreneurs et revendeurs gèrent leurs contacts et transmettent leurs offres à ESI.',
  },
]

export default function Welcome() {
  const { user } = usePage<SharedProps>().props
  const loggedIn = !!user

  return (
    <>
      <Head title="Accueil" />

      {/* WelcomeLayout is boxed: its width applies to #main-container .content */}
      <div className="content">
        <section className="py-5">
          <div className="row align-items-center g-5">
            <div className="col-lg-6">
              <span className="badge rounded-pill bg-primary-subtle text-primary-emphasis mb-3 px-3 py-2">
                Fenêtres, portes et menuiseries sur mesure
              </span>
              <h1 className="display-5 fw-bold text-body-emphasis mb-3">ESI Back-office</h1>
              <p className="lead text-body-secondary mb-4">
                Le back-office d’un installeur sur mesure : du premier devis à la facture de solde,
                toute l’équipe et ses partenaires travaillent sur les mêmes dossiers.
              </p>
              <div className="d-flex flex-wrap gap-2">
                {loggedIn ? (
                  <Link href={route('app.dashboard')} className="btn btn-primary btn-lg px-4">
                    <i className="bi bi-speedometer2 me-2" aria-hidden="true" />
                    Accéder au tableau de bord
                  </Link>
                ) : (
                  <>
                    <Link href={route('guest.register')} className="btn btn-primary btn-lg px-4">
                      <i className="bi bi-person-plus me-2" aria-hidden="true" />
                      Créer un compte
                    </Link>
                    <Link
                      href={route('guest.login')}
                      className="btn btn-outline-secondary btn-lg px-4"
                    >
                      Se connecter
                    </Link>
                  </>
                )}
              </div>
              {loggedIn && (
                <p className="text-body-secondary small mt-3 mb-0">
                  Connecté en tant que <strong>{user.name}</strong>.
                </p>
              )}
            </div>
            <div className="col-lg-6 d-none d-md-block">
              <HeroIllustration className="w-100 h-auto" />
            </div>
          </div>
        </section>

        <section className="block block-rounded py-4 px-3 mb-0">
          <h2 className="visually-hidden">Le parcours d’un chantier</h2>
          <Pipeline />
        </section>

        <section className="py-5">
          <div className="text-center mb-5">
            <h2 className="h3 fw-bold text-body-emphasis mb-2">Tout le métier, au même endroit</h2>
            <p className="text-body-secondary mb-0">
              Devis, bons de commande, commandes, planning, comptabilité et espace partenaires.
            </p>
          </div>
          <div className="row g-4">
            {FEATURES.map((feature) => (
              <div key={feature.title} className="col-md-6 col-xl-4">
                <FeatureCard {...feature} />
              </div>
            ))}
          </div>
        </section>

        <section className="pb-4">
          <div className="bg-primary text-white rounded-3 p-4 p-lg-5 d-lg-flex align-items-center justify-content-between gap-4">
            <div className="mb-3 mb-lg-0">
              <h2 className="h3 fw-bold mb-2">
                {loggedIn ? 'Reprenez là où vous en étiez' : 'Prêt à démarrer ?'}
              </h2>
              <p className="mb-0 opacity-75">
                {loggedIn
                  ? 'Vos sociétés, vos notifications et vos raccourcis vous attendent.'
                  : 'Créez votre compte : un administrateur vous rattachera à votre société.'}
              </p>
            </div>
            <Link
              href={loggedIn ? route('app.dashboard') : route('guest.register')}
              className="btn btn-light btn-lg px-4 flex-shrink-0"
            >
              {loggedIn ? 'Tableau de bord' : 'Créer un compte'}
              <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
            </Link>
          </div>
        </section>
      </div>
    </>
  )
}
