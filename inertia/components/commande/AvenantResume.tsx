/*
 * The avenant on the mesurage step of the commande page (issue 12 §2, decision 427): to prepare
 * when the validated sheet differs from the order, else the current avenant — its statut, the
 * difference, and once signed its PDF.
 */
import { Link } from '@inertiajs/react'
import { formatDate } from '../../lib/format.js'
import { formatEuros } from '@shared/totals'

export type AvenantResumeProps = {
  url: string
  ecarts: number
  a_preparer: boolean
  avenant: {
    id: number
    numero: string
    statut: string
    statut_label: string
    total_ttc: number
    difference_ttc: number
    signe_le: string | null
    pdf_url: string
  } | null
}

export default function AvenantResume({ summary }: { summary: AvenantResumeProps }) {
  const { avenant } = summary
  if (!avenant && !summary.a_preparer) return null
  return (
    <div className="border rounded p-2 small mt-2" data-testid="etape-mesurage-avenant">
      {avenant ? (
        <>
          <i className="bi bi-file-earmark-diff me-1" aria-hidden="true" />
          Avenant <strong>{avenant.numero}</strong> — {avenant.statut_label}
          {avenant.signe_le && ` le ${formatDate(avenant.signe_le)}`} · différence{' '}
          {formatEuros(avenant.difference_ttc)} TTC
          <div className="d-flex flex-wrap gap-2 mt-1">
            <Link href={summary.url} className="btn btn-sm btn-alt-secondary">
              Ouvrir l’avenant
            </Link>
            {avenant.signe_le && (
              <a
                href={avenant.pdf_url}
                target="_blank"
                rel="noreferrer"
                className="btn btn-sm btn-alt-secondary"
                data-testid="etape-mesurage-avenant-pdf"
              >
                <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                PDF signé
              </a>
            )}
          </div>
        </>
      ) : (
        <>
          <i className="bi bi-exclamation-triangle text-warning me-1" aria-hidden="true" />
          {summary.ecarts} écart{summary.ecarts > 1 ? 's' : ''} entre le mesurage et la commande.{' '}
          <Link href={summary.url} data-testid="etape-mesurage-avenant-preparer">
            Préparer l’avenant
          </Link>
        </>
      )}
    </div>
  )
}
