/*
 * A signed avenant: when and by whom, the difference, its signed PDF and the payment request of
 * the additional deposit.
 */
import { Link } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { formatDateTime } from '../../lib/format.js'
import { formatEuros } from '@shared/totals'
import { AvenantDifference } from './DifferenceTable.js'
import type { AvenantProp } from './types.js'

export default function SignedBlock({ avenant }: { avenant: AvenantProp }) {
  return (
    <Block title="Avenant signé" className="border border-success-subtle">
      <p className="mb-2" data-testid="avenant-signed">
        Signé le {formatDateTime(avenant.signe_le)} par <strong>{avenant.signataire}</strong>.
      </p>
      <AvenantDifference avenant={avenant} />
      <p className="mt-3 mb-0">
        <a
          href={avenant.document_url ?? avenant.pdf_url}
          target="_blank"
          rel="noreferrer"
          data-testid="avenant-document"
        >
          <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
          Avenant signé (PDF)
        </a>
      </p>
      {avenant.demande && (
        <p className="mt-3 mb-0">
          Demande de paiement de l’acompte complémentaire :{' '}
          <Link href={avenant.demande.url}>
            {avenant.demande.numero} ({formatEuros(avenant.demande.montant)})
          </Link>
        </p>
      )}
    </Block>
  )
}
