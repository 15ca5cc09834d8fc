import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import DocumentView from '../../../components/document/DocumentView.js'
import { formatDateTime } from '../../../lib/format.js'
import { documentTitle, type DocumentData } from '@shared/document'
import { DEVIS_STATUT_VARIANTS } from '@shared/devis'
import { route } from '~/lib/route'
import type { Data } from '~generated/data'

export type DevisPreviewProps = {
  devis: Data.Devis
  document: DocumentData
  /** Earlier versions, newest first (each has its PDF). */
  revisions: { revision: number; created_at: string | null }[]
}

/** esi/devis/Preview: the devis as the customer will see it, its PDF and earlier versions. */
export default function DevisPreview({ devis, document, revisions }: DevisPreviewProps) {
  const title = documentTitle(document)
  const pdfUrl = route('esi.devis.pdf', { id: devis.id })

  return (
    <>
      <Head title={`Aperçu — ${title}`} />
      <PageHeader
        title={`Aperçu — ${title}`}
        subtitle={
          <>
            {document.destinataire.nom} ·{' '}
            <span className={`badge text-bg-${DEVIS_STATUT_VARIANTS[devis.statut]}`}>
              {devis.statut_label}
            </span>
            {devis.revision > 1 && <> · version {devis.revision}</>}
          </>
        }
        breadcrumb={[
          { label: 'Devis', href: route('esi.devis.index') },
          {
            label: devis.numero ?? `Brouillon n° ${devis.id}`,
            href: route('esi.devis.edit', { id: devis.id }),
          },
          { label: 'Aperçu' },
        ]}
        actions={
          <div className="d-flex flex-wrap gap-2 doc-print-hidden">
            <Link
              href={route('esi.devis.edit', { id: devis.id })}
              className="btn btn-alt-secondary"
            >
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Retour au devis
            </Link>
            <button type="button" className="btn btn-alt-secondary" onClick={() => window.print()}>
              <i className="bi bi-printer me-1" aria-hidden="true" />
              Imprimer
            </button>
            <a href={pdfUrl} className="btn btn-primary" target="_blank" rel="noreferrer">
              <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
              Télécharger le PDF
            </a>
          </div>
        }
      />

      <div className="content doc-sheet-wrapper">
        {document.brouillon && (
          <div className="alert alert-warning doc-print-hidden" role="status">
            <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
            Ce devis est un brouillon : il reçoit son numéro quand il est envoyé au client.
          </div>
        )}
        <div className="row g-4">
          <div className={revisions.length ? 'col-xl-9' : 'col-12'}>
            <Block title="Document" contentClassName="bg-body-tertiary py-4" fullscreenToggle>
              <DocumentView document={document} />
            </Block>
          </div>
          {revisions.length > 0 && (
            <div className="col-xl-3 doc-print-hidden">
              <Block title="Versions précédentes">
                <ul className="list-unstyled mb-3">
                  {revisions.map((r) => (
                    <li key={r.revision} className="d-flex justify-content-between py-1">
                      <span>
                        Version {r.revision}
                        {r.created_at && (
                          <small className="d-block text-body-secondary">
                            remplacée le {formatDateTime(r.created_at)}
                          </small>
                        )}
                      </span>
                      <a
                        href={route('esi.devis.revision_pdf', {
                          id: devis.id,
                          revision: r.revision,
                        })}
                        target="_blank"
                        rel="noreferrer"
                        className="btn btn-sm btn-alt-secondary align-self-center"
                        aria-label={`PDF de la version ${r.revision}`}
                      >
                        <i className="bi bi-file-earmark-pdf" aria-hidden="true" /> PDF
                      </a>
                    </li>
                  ))}
                </ul>
              </Block>
            </div>
          )}
        </div>
      </div>
    </>
  )
}
