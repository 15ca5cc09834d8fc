import { useState, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import BdcLignesTable from '../../../components/bdc/BdcLignesTable.js'
import DocumentView from '../../../components/document/DocumentView.js'
import SignaturePanel from '../../../components/bdc/SignaturePanel.js'
import DemandesBlock from '../../../components/paiement/DemandesBlock.js'
import { askCancellationReason, confirm } from '../../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import { BDC_STATUT_VARIANTS } from '@shared/bdc'
import { commissionLabel } from '@shared/offres'
import type { Data } from '~generated/data'

type BdcDetail = Data.Bdc.Variants['forDetail']
import { BDC_STATUT_LABELS, LIEU_SIGNATURE_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'
import { FACTURE_STATUT_LABELS } from '@shared/factures'
import type { DocumentData } from '@shared/document'
import { route } from '~/lib/route'

export type BdcShowProps = {
  bdc: BdcDetail
  /** The document as the customer sees it (same data as the PDF); null if it failed. */
  document: DocumentData | null
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-7">{children || <span className="text-body-tertiary">—</span>}</dd>
    </>
  )
}

function SignatureBlock({
  bdc,
  preuve,
}: {
  bdc: BdcDetail
  /** Signed online (issue 14 §1): the evidence record, as the PDF's last page prints it. */
  preuve?: DocumentData['preuve_signature']
}) {
  const s = bdc.signature
  const image = s.mime === 'image/png' || s.mime === 'image/jpeg'
  return (
    <Block title="Signature" className="border border-success-subtle">
      <dl className="row mb-3">
        <Row label="Signé le">{formatDateTime(s.signe_le)}</Row>
        <Row label="Signataire">{s.signataire}</Row>
        <Row label="Lieu">{s.lieu && LIEU_SIGNATURE_LABELS[s.lieu]}</Row>
        <Row label="Signature">
          {s.type === 'scan' ? 'Bon signé importé' : 'Dessinée à l’écran'}
        </Row>
        {(s.lieu === 'domicile' || s.lieu === 'distance') && (
          <Row label="Rétractation">
            {s.renonciation
              ? 'Le client a renoncé expressément au délai de rétractation.'
              : `Délai de rétractation jusqu’au ${formatDate(s.fin_retractation)}`}
          </Row>
        )}
        {preuve && (
          <Row label="Preuve électronique">
            <span data-testid="bdc-preuve">
              Signé en ligne le {preuve.signe_le}, depuis {preuve.ip ?? 'une adresse inconnue'}
              {' — '}SHA-256 du document accepté :{' '}
              <code className="text-break">{preuve.sha256}</code>
              {!preuve.intacte && (
                <strong className="text-danger d-block">
                  Le document enregistré ne correspond plus à cette empreinte.
                </strong>
              )}
            </span>
          </Row>
        )}
      </dl>
      {image ? (
        <img
          src={route('esi.bdc.signature', { id: bdc.id })}
          alt={`Signature de ${s.signataire ?? 'client'}`}
          className="img-fluid border rounded bg-white p-2"
          style={{ maxHeight: 180 }}
          data-testid="bdc-signature-image"
        />
      ) : (
        <a
          href={route('esi.bdc.signature', { id: bdc.id })}
          className="btn btn-sm btn-alt-secondary"
        >
          <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
          Télécharger le bon signé
        </a>
      )}
    </Block>
  )
}

/** The acompte facture of a signed bdc: a link to it, or the button that makes its draft. */
function FactureAcompteBlock({ bdc }: { bdc: BdcDetail }) {
  const facture = bdc.facture_acompte
  async function creer() {
    const ok = await confirm({
      title: 'Créer la facture d’acompte ?',
      text: `Un brouillon de facture de ${formatEuros(bdc.acompte)} TTC est préparé ; vous l’émettrez depuis sa page.`,
      confirmText: 'Créer le brouillon',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.factures.acompte', { id: bdc.id }),
      { lock_version: bdc.lock_version },
      { preserveScroll: true }
    )
  }
  return (
    <Block title="Facture d’acompte">
      {facture ? (
        <p className="mb-0" data-testid="bdc-facture-acompte">
          <Link href={route('esi.factures.show', { id: facture.id })}>
            {facture.numero ? `Facture ${facture.numero}` : 'Brouillon de facture'}
          </Link>{' '}
          <span className="text-body-secondary">({FACTURE_STATUT_LABELS[facture.statut]})</span>
        </p>
      ) : bdc.acompte > 0 ? (
        <button
          type="button"
          className="btn btn-alt-primary"
          onClick={creer}
          data-testid="facture-acompte-create"
        >
          <i className="bi bi-receipt me-1" aria-hidden="true" />
          Créer la facture d’acompte
        </button>
      ) : (
        <p className="text-body-secondary mb-0">Ce bon de commande ne prévoit pas d’acompte.</p>
      )}
    </Block>
  )
}

/** esi/bdc Show: the frozen document, the signature (which creates the commande), payments. */
export default function BdcShow({ bdc, document }: BdcShowProps) {
  const [view, setView] = useState<'document' | 'lignes'>(document ? 'document' : 'lignes')
  async function annuler() {
    const motif = await askCancellationReason()
    if (motif === null) return
    router.post(
      route('esi.bdc.annuler', { id: bdc.id }),
      { motif, lock_version: bdc.lock_version },
      { preserveScroll: true }
    )
  }

  return (
    <>
      <Head title={`Bon de commande ${bdc.numero}`} />
      <PageHeader
        title={`Bon de commande ${bdc.numero}`}
        subtitle={
          <>
            {bdc.client.nom} — {bdc.objet}{' '}
            <span
              className={`badge text-bg-${BDC_STATUT_VARIANTS[bdc.statut]}`}
              data-testid="bdc-statut"
            >
              {BDC_STATUT_LABELS[bdc.statut]}
            </span>
          </>
        }
        breadcrumb={[
          { label: 'Bons de commande', href: route('esi.bdc.index') },
          { label: bdc.numero },
        ]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link href={route('esi.bdc.index')} className="btn btn-alt-secondary">
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Liste
            </Link>
            <a
              href={route('esi.bdc.pdf', { id: bdc.id })}
              className="btn btn-alt-primary"
              target="_blank"
              rel="noopener noreferrer"
            >
              <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
              PDF
            </a>
            {bdc.statut === 'a_signer' && (
              <button type="button" className="btn btn-outline-danger" onClick={annuler}>
                <i className="bi bi-x-circle me-1" aria-hidden="true" />
                Annuler le bon
              </button>
            )}
          </div>
        }
      />

      <div className="content">
        {bdc.commande && (
          <div
            className="alert alert-success d-flex flex-wrap align-items-center gap-2"
            role="status"
            data-testid="bdc-commande"
          >
            <i className="bi bi-box-seam fs-4" aria-hidden="true" />
            <span>
              Signé : la commande{' '}
              <Link
                href={route('esi.commandes.show', { id: bdc.commande.id })}
                className="alert-link"
              >
                {bdc.commande.numero}
              </Link>{' '}
              est créée.
            </span>
          </div>
        )}
        {bdc.statut === 'annule' && (
          <div className="alert alert-dark" role="status">
            <i className="bi bi-x-octagon me-1" aria-hidden="true" />
            Bon de commande annulé. Motif : {bdc.motif_annulation}
          </div>
        )}

        <div className="row g-4">
          <div className="col-xl-8">
            <Block
              title="Bon de commande"
              options={
                document && (
                  <div className="btn-group btn-group-sm" role="group" aria-label="Affichage">
                    <button
                      type="button"
                      className={`btn ${view === 'document' ? 'btn-primary' : 'btn-alt-secondary'}`}
                      aria-pressed={view === 'document'}
                      onClick={() => setView('document')}
                    >
                      Document
                    </button>
                    <button
                      type="button"
                      className={`btn ${view === 'lignes' ? 'btn-primary' : 'btn-alt-secondary'}`}
                      aria-pressed={view === 'lignes'}
                      onClick={() => setView('lignes')}
                    >
                      Lignes et totaux
                    </button>
                  </div>
                )
              }
            >
              <p className="small text-body-secondary">
                Copie figée du devis accepté : une modification ultérieure du devis ne change pas ce
                bon de commande.
              </p>
              {document && view === 'document' ? (
                <div className="overflow-auto">
                  <DocumentView document={document} />
                </div>
              ) : (
                <BdcLignesTable bdc={bdc} />
              )}
            </Block>
            {bdc.statut === 'a_signer' && (
              <SignaturePanel
                bdcId={bdc.id}
                lockVersion={bdc.lock_version}
                clientNom={bdc.client.nom}
              />
            )}
            {bdc.statut === 'signe' && (
              <SignatureBlock bdc={bdc} preuve={document?.preuve_signature} />
            )}
          </div>
          <div className="col-xl-4">
            <Block title="Client">
              <p className="fw-semibold mb-1">
                <Link href={route('esi.customers.show', { id: bdc.client.id })}>
                  {bdc.client.nom}
                </Link>
              </p>
              {bdc.client.adresse.map((line) => (
                <div key={line}>{line}</div>
              ))}
              {bdc.client.email && (
                <div className="mt-2">
                  <a href={`mailto:${bdc.client.email}`}>{bdc.client.email}</a>
                </div>
              )}
              {bdc.client.telephone && <div>{bdc.client.telephone}</div>}
            </Block>
            <Block title="Informations">
              <dl className="row mb-0">
                <Row label="Créé le">{formatDate(bdc.created_at)}</Row>
                <Row label="Devis">
                  <Link href={route('esi.devis.edit', { id: bdc.devis_id })}>
                    {bdc.devis_numero ?? `n° ${bdc.devis_id}`}
                    {bdc.devis_revision > 1 ? ` (rév. ${bdc.devis_revision})` : ''}
                  </Link>
                </Row>
                <Row label="Commercial">{bdc.commercial}</Row>
                <Row label="Chantier">{bdc.adresse_chantier}</Row>
                <Row label="Total TTC">{formatEuros(bdc.total_ttc)}</Row>
                <Row label="Acompte">{formatEuros(bdc.acompte)}</Row>
                {bdc.apporteur && <Row label="Apporteur">{bdc.apporteur}</Row>}
              </dl>
              {bdc.commission && (
                <p className="alert alert-info small mt-3 mb-0" data-testid="commission-line">
                  <span className="fw-semibold d-block">
                    {commissionLabel(bdc.commission.societe, bdc.commission.pct, bdc.total_ht)}
                  </span>
                  Information interne, absente du bon de commande imprimé.
                </p>
              )}
            </Block>
            {bdc.statut === 'signe' && <FactureAcompteBlock bdc={bdc} />}
            <DemandesBlock
              bdcId={bdc.id}
              lockVersion={bdc.lock_version}
              demandes={bdc.demandes}
              acompte={bdc.acompte}
              email={bdc.client.email}
              canCreate={bdc.statut !== 'annule'}
              blockedReason={bdc.paiement_bloque}
            />
          </div>
        </div>
      </div>
    </>
  )
}
