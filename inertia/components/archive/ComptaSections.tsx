/* The accounts of an archived commande: its factures and balance, notes de crédit, payments. */
import { Link } from '@inertiajs/react'
import { Empty, PdfLink, Section } from './Section.js'
import type { ArchiveShowProps } from './types.js'
import { route } from '../../lib/route.js'
import { formatDate } from '../../lib/format.js'
import { FACTURE_STATUT_LABELS, FACTURE_TYPE_LABELS } from '@shared/factures'
import { NOTE_CREDIT_STATUT_LABELS } from '@shared/notes_credit'
import { PAIEMENT_MODE_LABELS } from '@shared/paiements'
import { formatEuros } from '@shared/totals'

export function FacturesSection({ facturation }: { facturation: ArchiveShowProps['facturation'] }) {
  const { factures, balance } = facturation
  return (
    <Section id="factures" title="Factures" count={factures.length}>
      {factures.length ? (
        <div
          className="table-responsive"
          tabIndex={0}
          role="region"
          aria-label="Tableau des factures"
        >
          <table className="table table-sm mb-2" data-testid="archive-factures">
            <thead>
              <tr>
                <th scope="col">Numéro</th>
                <th scope="col">Type</th>
                <th scope="col">Date</th>
                <th scope="col" className="text-end">
                  Total TTC
                </th>
                <th scope="col">Statut</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {factures.map((f) => (
                <tr key={f.id}>
                  <td className="text-nowrap">
                    <Link href={route('esi.factures.show', { id: f.id })}>
                      {f.numero ?? 'Brouillon'}
                    </Link>
                  </td>
                  <td>{FACTURE_TYPE_LABELS[f.type]}</td>
                  <td className="text-nowrap">{f.date_facture && formatDate(f.date_facture)}</td>
                  <td className="text-end text-nowrap">{formatEuros(f.total_ttc)}</td>
                  <td>{FACTURE_STATUT_LABELS[f.statut]}</td>
                  <td>
                    {f.numero && (
                      <PdfLink href={route('esi.factures.pdf', { id: f.id })}>PDF</PdfLink>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Empty>Aucune facture.</Empty>
      )}
      <dl className="row mb-0 small" data-testid="archive-balance">
        <dt className="col-6 col-sm-3 fw-normal text-body-secondary">Facturé</dt>
        <dd className="col-6 col-sm-3">{formatEuros(balance.facture)}</dd>
        <dt className="col-6 col-sm-3 fw-normal text-body-secondary">Crédité</dt>
        <dd className="col-6 col-sm-3">{formatEuros(balance.credite)}</dd>
        <dt className="col-6 col-sm-3 fw-normal text-body-secondary">Payé</dt>
        <dd className="col-6 col-sm-3">{formatEuros(balance.paye)}</dd>
        <dt className="col-6 col-sm-3 fw-normal text-body-secondary">Reste dû</dt>
        <dd className="col-6 col-sm-3 fw-semibold">{formatEuros(balance.reste_du)}</dd>
      </dl>
    </Section>
  )
}

export function NotesCreditSection({ notes }: { notes: ArchiveShowProps['notes_credit'] }) {
  return (
    <Section id="notes-credit" title="Notes de crédit" count={notes.length}>
      {notes.length ? (
        <ul className="list-unstyled mb-0" data-testid="archive-notes-credit">
          {notes.map((n) => (
            <li key={n.id} className="mb-1">
              <Link href={route('esi.notes_credit.show', { id: n.id })}>
                {n.numero ?? 'Brouillon'}
              </Link>{' '}
              sur {n.facture_numero} · {formatEuros(n.total_ttc)} ·{' '}
              {NOTE_CREDIT_STATUT_LABELS[n.statut]}
              {n.date_nc && ` le ${formatDate(n.date_nc)}`} — {n.motif}
              {n.numero && (
                <>
                  {' · '}
                  <PdfLink href={route('esi.notes_credit.pdf', { id: n.id })}>PDF</PdfLink>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Aucune note de crédit.</Empty>
      )}
    </Section>
  )
}

export function PaiementsSection({ paiements }: { paiements: ArchiveShowProps['paiements'] }) {
  return (
    <Section id="paiements" title="Paiements" count={paiements.length}>
      {paiements.length ? (
        <ul className="list-unstyled mb-0" data-testid="archive-paiements">
          {paiements.map((p) => (
            <li key={p.id} className="mb-1">
              {formatDate(p.date_paiement)} · <strong>{formatEuros(p.montant)}</strong> ·{' '}
              {PAIEMENT_MODE_LABELS[p.mode]}
              {p.reference && ` · ${p.reference}`}
              {p.factures.length > 0 && ` · ${p.factures.join(', ')}`}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Aucun paiement.</Empty>
      )}
    </Section>
  )
}
