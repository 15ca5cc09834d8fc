import { Head, Link } from '@inertiajs/react'
import PageHeader from '../components/layout/PageHeader.js'
import Block from '../components/ui/Block.js'
import { route } from '~/lib/route'

export type UnderConstructionProps = {
  title: string
  path: string
  routeName: string | null
}

/** A route of the menu whose feature comes in a later issue: a real page, not a blank one. */
export default function UnderConstruction({ title, path }: UnderConstructionProps) {
  return (
    <>
      <Head title={title} />

      <PageHeader
        title={title}
        subtitle="En construction"
        breadcrumb={[{ label: 'Tableau de bord', href: route('app.dashboard') }, { label: title }]}
      />

      <div className="content">
        <Block>
          <div className="text-center py-5 px-3 mx-auto" style={{ maxWidth: 560 }}>
            <span
              className="d-inline-flex align-items-center justify-content-center rounded-circle bg-warning-subtle text-warning-emphasis mb-4"
              style={{ width: 88, height: 88 }}
              aria-hidden="true"
            >
              <i className="bi bi-cone-striped display-6" />
            </span>
            <h2 className="h4 fw-bold mb-2">Page en construction</h2>
            <p className="text-body-secondary mb-1">Cette page sera disponible prochainement.</p>
            <p className="text-body-secondary small mb-4">
              La section « {title} » fait partie d’une prochaine version de l’application. Vos
              droits d’accès à cette page sont déjà en place.
            </p>
            <div className="d-flex flex-wrap justify-content-center gap-2">
              <Link href={route('app.dashboard')} className="btn btn-primary">
                <i className="bi bi-arrow-left me-2" aria-hidden="true" />
                Retour au tableau de bord
              </Link>
            </div>
            <p className="text-body-tertiary small mt-4 mb-0">
              Adresse : <code>{path}</code>
            </p>
          </div>
        </Block>
      </div>
    </>
  )
}
