import { Head } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import DocumentView from '../../components/document/DocumentView.js'
import OffreActions from '../../components/offres/OffreActions.js'
import StatutBadge from '../../components/offres/StatutBadge.js'
import { formatDateTime } from '~/lib/format'
import type { DocumentData } from '@shared/document'
import type { OffreStatut } from '@shared/devis'
import type { OffreAbilities } from '@shared/offres'
import { route } from '~/lib/route'

export type PreviewProps = {
  offre: {
    id: number
    numero: string | null
    statut: OffreStatut
    statut_label: string
    lock_version: number
    objet: string
    societe: string
    contact: string
    contact_email: string | null
    envoyee_le: string | null
    transmise_le: string | null
    devis_id: number | null
  }
  /** The offre as the contact receives it, with the pro société's branding. */
  document: DocumentData
  abilities: OffreAbilities
  /** Staff (reading a transmitted offre). */
  staff: boolean
  /** Earlier sent versions, replaced by an edit (each readable as a PDF). */
  revisions: { revision: number; envoyee_le: string | null }[]
}

export default function Preview({ offre, document, abilities, staff, revisions }: PreviewProps) {
  const title = offre.numero ? `Offre ${offre.numero}` : 'Offre (brouillon)'
  return (
    <>
      <Head title={`Aperçu — ${title}`} />
      <PageHeader
        title={
          <>
            {title} <StatutBadge statut={offre.statut} />
          </>
        }
        subtitle={`${offre.societe} → ${offre.contact} · ${offre.objet}`}
        breadcrumb={[
          { label: 'Offres', href: route('partner.offres.index') },
          { label: title },
          { label: 'Aperçu' },
        ]}
        actions={<OffreActions offre={offre} abilities={abilities} on="preview" staff={staff} />}
      />
      <div className="content">
        {(offre.envoyee_le || offre.transmise_le) && (
          <p className="small text-body-secondary">
            {offre.envoyee_le && <>Envoyée au contact le {formatDateTime(offre.envoyee_le)}. </>}
            {offre.transmise_le && <>Transmise à ESI le {formatDateTime(offre.transmise_le)}.</>}
          </p>
        )}
        {staff && offre.statut === 'transmise' && (
          <div className="alert alert-info">
            Offre transmise par <strong>{offre.societe}</strong> (apporteur). « Créer le devis » en
            fait un devis brouillon pour le client {offre.contact}, aux prix catalogue (les lignes
            libres gardent leur prix) ; la remise du partenaire devient sa commission, indiquée à
            part.
          </div>
        )}
        {revisions.length > 0 && (
          <p className="small">
            Versions précédentes :{' '}
            {revisions.map((r, i) => (
              <span key={r.revision}>
                {i > 0 && ', '}
                <a
                  href={route('partner.offres.revision_pdf', {
                    id: offre.id,
                    revision: r.revision,
                  })}
                  target="_blank"
                  rel="noreferrer"
                >
                  v{r.revision}
                  {r.envoyee_le && <> (envoyée le {formatDateTime(r.envoyee_le)})</>}
                </a>
              </span>
            ))}
          </p>
        )}
        <DocumentView document={document} />
      </div>
    </>
  )
}
