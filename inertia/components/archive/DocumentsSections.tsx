/* The sales documents of an archived commande: its devis with every version, and its bdc. */
import { Link } from '@inertiajs/react'
import { Empty, PdfLink, Row, Section } from './Section.js'
import type { ArchiveShowProps } from './types.js'
import { route } from '../../lib/route.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import {
  DEMANDE_PAIEMENT_STATUT_LABELS,
  DEVIS_STATUT_LABELS,
  LIEU_SIGNATURE_LABELS,
} from '@shared/devis'
import { formatEuros } from '@shared/totals'

export function DevisSection({ devis }: { devis: ArchiveShowProps['devis'] }) {
  if (!devis) {
    return (
      <Section id="devis" title="Devis">
        <Empty>Aucun devis.</Empty>
      </Section>
    )
  }
  return (
    <Section id="devis" title="Devis" count={devis.revisions.length + 1}>
      <dl className="row mb-2">
        <Row label="Numéro">{devis.numero}</Row>
        <Row label="Objet">{devis.objet}</Row>
        <Row label="Date">{devis.date_devis && formatDate(devis.date_devis)}</Row>
        <Row label="Statut">{DEVIS_STATUT_LABELS[devis.statut]}</Row>
        <Row label="Envoyé le">{devis.envoye_le && formatDateTime(devis.envoye_le)}</Row>
        <Row label="Accepté le">{devis.accepte_le && formatDateTime(devis.accepte_le)}</Row>
        <Row label="Total TTC">{formatEuros(devis.total_ttc)}</Row>
      </dl>
      <h3 className="h6">Versions</h3>
      <ul className="list-unstyled mb-0" data-testid="archive-devis-versions">
        <li className="mb-1">
          Version {devis.revision} (acceptée) ·{' '}
          <PdfLink href={route('esi.devis.pdf', { id: devis.id })}>PDF</PdfLink>
        </li>
        {devis.revisions.map((r) => (
          <li key={r.revision} className="mb-1">
            Version {r.revision} du {formatDateTime(r.created_at)}
            {r.created_by && ` (${r.created_by})`} ·{' '}
            <PdfLink href={route('esi.devis.revision_pdf', { id: devis.id, revision: r.revision })}>
              PDF
            </PdfLink>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function BdcSection({ bdc }: { bdc: ArchiveShowProps['bdc'] }) {
  const s = bdc.signature
  return (
    <Section id="bdc" title="Bon de commande">
      <dl className="row mb-2">
        <Row label="Numéro">
          <Link href={route('esi.bdc.show', { id: bdc.id })}>{bdc.numero}</Link> ·{' '}
          <PdfLink href={route('esi.bdc.pdf', { id: bdc.id })}>PDF</PdfLink>
        </Row>
        <Row label="Signé le">{s.signe_le && formatDateTime(s.signe_le)}</Row>
        <Row label="Signataire">{s.signataire}</Row>
        <Row label="Lieu">{s.lieu && LIEU_SIGNATURE_LABELS[s.lieu]}</Row>
        <Row label="Signature">
          {s.type && (
            <a href={route('esi.bdc.signature', { id: bdc.id })} target="_blank" rel="noreferrer">
              {s.type === 'dessin' ? 'Signature dessinée' : 'Bon signé scanné'}
            </a>
          )}
        </Row>
        {s.lieu === 'domicile' && (
          <Row label="Rétractation">
            {s.renonciation
              ? 'Renonciation expresse du client'
              : s.fin_retractation && `Jusqu’au ${formatDate(s.fin_retractation)}`}
          </Row>
        )}
        <Row label="Total TTC">{formatEuros(bdc.total_ttc)}</Row>
        <Row label="Acompte">{formatEuros(bdc.acompte)}</Row>
      </dl>
      <h3 className="h6">Demandes de paiement</h3>
      {bdc.demandes.length ? (
        <ul className="list-unstyled mb-0">
          {bdc.demandes.map((d) => (
            <li key={d.id}>
              {d.numero} · {formatEuros(d.montant)} · {DEMANDE_PAIEMENT_STATUT_LABELS[d.statut]}
              {d.payee_le && ` le ${formatDate(d.payee_le)}`}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Aucune demande de paiement.</Empty>
      )}
    </Section>
  )
}
