/*
 * The client's account on his page (issue 11): commandes, invoiced, paid, what the issued
 * factures still ask, his unallocated credit, and the payment requests behind the figures; the
 * factures block lists his factures with what each still asks.
 */
import { Link } from '@inertiajs/react'
import Block from '../ui/Block.js'
import FacturesTable from '../factures/FacturesTable.js'
import type { ClientCompte } from '@shared/clients'
import { DEMANDE_STATUT_VARIANTS } from '@shared/bdc'
import { DEMANDE_PAIEMENT_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'
import { formatDate } from '../../lib/format.js'
import { route } from '~/lib/route'

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="col-6 col-xl-4">
      <div className="small text-body-secondary">{label}</div>
      <div className="fw-semibold text-nowrap" data-testid={testId}>
        {formatEuros(value)}
      </div>
    </div>
  )
}

export default function CompteSection({ compte }: { compte: ClientCompte }) {
  const empty =
    compte.commandes_ttc === 0 &&
    compte.facture === 0 &&
    compte.paye === 0 &&
    compte.mouvements.length === 0
  if (empty) {
    return (
      <Block title="Solde">
        <p className="text-body-secondary text-center py-3 mb-0" data-testid="compte-vide">
          <i className="bi bi-wallet2 d-block fs-3 mb-2" aria-hidden="true" />
          Aucun mouvement pour ce client : solde de 0,00 €.
        </p>
      </Block>
    )
  }
  return (
    <Block title="Solde">
      <div className="row g-3 mb-3" data-testid="compte">
        <Figure label="Commandes" value={compte.commandes_ttc} testId="compte-commandes" />
        <Figure label="Facturé" value={compte.facture} testId="compte-facture" />
        {compte.credite > 0 && (
          <Figure label="Notes de crédit" value={compte.credite} testId="compte-credite" />
        )}
        <Figure label="Payé" value={compte.paye} testId="compte-paye" />
        <Figure label="Reste dû (factures)" value={compte.du} testId="compte-du" />
        {compte.credit > 0 && (
          <Figure label="Crédit du client" value={compte.credit} testId="compte-credit" />
        )}
        {compte.credit > 0 && (
          // What the créances page shows for him: the factures' reste less the credit
          <Figure label="Solde dû" value={compte.du - compte.credit} testId="compte-solde" />
        )}
        {compte.en_attente > 0 && (
          <Figure label="Demandé, non payé" value={compte.en_attente} testId="compte-attente" />
        )}
      </div>
      {compte.mouvements.length > 0 && (
        <ul className="list-group list-group-flush">
          {compte.mouvements.map((m) => (
            <li
              key={m.id}
              className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2 px-0"
            >
              <span className="text-break">
                <Link href={route('esi.paiement.show', { id: m.id })} className="fw-semibold">
                  {m.numero}
                </Link>
                <span className="small text-body-secondary ms-2">{m.objet}</span>
              </span>
              <span className="text-nowrap">
                {formatEuros(m.montant)}{' '}
                <span className={`badge text-bg-${DEMANDE_STATUT_VARIANTS[m.statut]}`}>
                  {DEMANDE_PAIEMENT_STATUT_LABELS[m.statut]}
                  {m.statut === 'payee' ? ` le ${formatDate(m.date)}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Block>
  )
}

export function FacturesSection({ compte }: { compte: ClientCompte }) {
  if (compte.factures.length === 0) {
    return (
      <Block title="Factures">
        <p className="text-body-secondary text-center py-3 mb-0">
          <i className="bi bi-receipt d-block fs-3 mb-2" aria-hidden="true" />
          Aucune facture pour ce client.
        </p>
      </Block>
    )
  }
  return (
    <Block title="Factures">
      <FacturesTable factures={compte.factures} testId="client-factures" />
    </Block>
  )
}
