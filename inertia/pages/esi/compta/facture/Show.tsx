import type { ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import BdcLignesTable from '../../../../components/bdc/BdcLignesTable.js'
import { confirm, confirmDelete } from '../../../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../../../lib/format.js'
import FactureStatutBadge from '../../../../components/factures/FactureStatutBadge.js'
import RelancesBlock, {
  type FactureRelances,
} from '../../../../components/relances/RelancesBlock.js'
import { FACTURE_TYPE_LABELS, factureReste } from '@shared/factures'
import { formatEuros } from '@shared/totals'
import type { Data } from '~generated/data'
import { route } from '~/lib/route'
import { PEPPOL_ADAPTER_LABELS, type FacturePeppol } from '@shared/peppol'

type FactureDetail = Data.Facture.Variants['forDetail']

export type FactureShowProps = {
  facture: FactureDetail
  /** Issued, to a professional client with an enterprise number: the Peppol UBL exists. */
  ubl?: boolean
  /** The customer's signed page of an issued facture. */
  lien?: string | null
  /** Issued to a French client: its PDF is a Factur-X (decision 266). */
  facturx?: boolean
  /** An issued facture's relances and its next level (null for a draft). */
  relances?: FactureRelances | null
  /** « Envoyer via Peppol » (an access point configured) and the sending once done. */
  peppol?: FacturePeppol
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-7">{children || <span className="text-body-tertiary">—</span>}</dd>
    </>
  )
}

/** esi/compta/facture Show: lines, totals, and a draft's « Émettre » / « Supprimer ». */
export default function FactureShow({
  facture,
  ubl = false,
  lien = null,
  facturx = false,
  relances = null,
  peppol = { disponible: false, envoi: null },
}: FactureShowProps) {
  const title = facture.numero ? `Facture ${facture.numero}` : 'Facture (brouillon)'
  const brouillon = facture.statut === 'brouillon'

  async function emettre() {
    const ok = await confirm({
      title: 'Émettre cette facture ?',
      text: 'Elle reçoit son numéro et sa date, et ne pourra plus être modifiée ni supprimée (seule une note de crédit pourra la corriger).',
      confirmText: 'Émettre',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.factures.emettre', { id: facture.id }),
      { lock_version: facture.lock_version },
      { preserveScroll: true }
    )
  }

  async function envoyer() {
    const ok = await confirm({
      title: 'Envoyer la facture par e-mail ?',
      text: `Le client la reçoit avec le PDF${facturx ? ' (Factur-X)' : ''}${
        ubl ? ' et le fichier Peppol (UBL) en pièces jointes.' : ' en pièce jointe.'
      }`,
      confirmText: 'Envoyer',
      icon: 'question',
    })
    if (!ok) return
    router.post(route('esi.factures.envoyer', { id: facture.id }), {}, { preserveScroll: true })
  }

  async function envoyerPeppol() {
    const ok = await confirm({
      title: 'Envoyer la facture via Peppol ?',
      text: 'Le fichier UBL part vers le point d’accès Peppol configuré, une seule fois.',
      confirmText: 'Envoyer',
      icon: 'question',
    })
    if (!ok) return
    router.post(route('esi.factures.peppol', { id: facture.id }), {}, { preserveScroll: true })
  }

  async function supprimer() {
    if (!(await confirmDelete({ title: 'Supprimer ce brouillon de facture ?' }))) return
    router.delete(route('esi.factures.destroy', { id: facture.id }), {
      data: { lock_version: facture.lock_version },
    })
  }

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={
          <>
            {facture.client_nom} — {facture.objet}{' '}
            <span data-testid="facture-statut">
              <FactureStatutBadge f={facture} />
            </span>
          </>
        }
        breadcrumb={[
          { label: 'Factures', href: route('esi.compta.facture') },
          { label: facture.numero ?? 'Brouillon' },
        ]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link href={route('esi.compta.facture')} className="btn btn-alt-secondary">
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Liste
            </Link>
            <a
              href={route('esi.factures.pdf', { id: facture.id })}
              className="btn btn-alt-primary"
              target="_blank"
              rel="noopener noreferrer"
            >
              <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
              {facturx ? 'PDF (Factur-X)' : 'PDF'}
            </a>
            {facture.numero && !facturx && (
              <a
                href={route('esi.factures.pdf', { id: facture.id }, { format: 'facturx' })}
                className="btn btn-alt-secondary"
                data-testid="facture-facturx"
              >
                <i className="bi bi-file-earmark-code me-1" aria-hidden="true" />
                Factur-X
              </a>
            )}
            {facture.numero && facture.statut !== 'annulee' && (
              <Link
                href={route('esi.notes_credit.create', { id: facture.id })}
                className="btn btn-alt-secondary"
                data-testid="facture-nc"
              >
                <i className="bi bi-receipt-cutoff me-1" aria-hidden="true" />
                Créer une note de crédit
              </Link>
            )}
            {ubl && (
              <a
                href={route('esi.factures.ubl', { id: facture.id })}
                className="btn btn-alt-primary"
                data-testid="facture-ubl"
              >
                <i className="bi bi-filetype-xml me-1" aria-hidden="true" />
                UBL
              </a>
            )}
            {peppol.disponible && !peppol.envoi && (
              <button
                type="button"
                className="btn btn-alt-primary"
                onClick={envoyerPeppol}
                data-testid="facture-peppol"
              >
                <i className="bi bi-send me-1" aria-hidden="true" />
                Envoyer via Peppol
              </button>
            )}
            {lien && (
              <a
                href={lien}
                className="btn btn-alt-secondary"
                target="_blank"
                rel="noopener noreferrer"
                data-testid="facture-lien-client"
              >
                <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
                Page client
              </a>
            )}
            {!brouillon && (
              <button
                type="button"
                className="btn btn-alt-primary"
                onClick={envoyer}
                data-testid="facture-envoyer"
              >
                <i className="bi bi-envelope me-1" aria-hidden="true" />
                Envoyer par e-mail
              </button>
            )}
            {brouillon && facture.type === 'libre' && (
              <Link
                href={route('esi.factures.edit', { id: facture.id })}
                className="btn btn-alt-primary"
                data-testid="facture-modifier"
              >
                <i className="bi bi-pencil me-1" aria-hidden="true" />
                Modifier
              </Link>
            )}
            {brouillon && (
              <>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={emettre}
                  data-testid="facture-emettre"
                  disabled={facture.refus.emettre !== null}
                  title={facture.refus.emettre ?? undefined}
                >
                  <i className="bi bi-send-check me-1" aria-hidden="true" />
                  Émettre
                </button>
                <button type="button" className="btn btn-outline-danger" onClick={supprimer}>
                  <i className="bi bi-trash me-1" aria-hidden="true" />
                  Supprimer le brouillon
                </button>
              </>
            )}
          </div>
        }
      />

      <div className="content">
        {brouillon && (
          <div className="alert alert-info" role="status">
            <i className="bi bi-info-circle me-1" aria-hidden="true" />
            Brouillon : pas encore de numéro. À l’émission, la facture reçoit son numéro, sa date et
            son échéance, et devient définitive.
          </div>
        )}
        <div className="row g-4">
          <div className="col-xl-8">
            <Block title="Lignes et totaux">
              <BdcLignesTable bdc={facture} />
            </Block>
          </div>
          <div className="col-xl-4">
            <Block title="Informations">
              <dl className="row mb-0">
                <Row label="Type">{FACTURE_TYPE_LABELS[facture.type]}</Row>
                <Row label="Client">
                  <Link href={route('esi.customers.show', { id: facture.client_id })}>
                    {facture.client_nom}
                  </Link>
                </Row>
                {facture.bdc_id && (
                  <Row label="Bon de commande">
                    <Link href={route('esi.bdc.show', { id: facture.bdc_id })}>
                      {facture.bdc_numero}
                    </Link>
                  </Row>
                )}
                {facture.commande_id && (
                  <Row label="Commande">
                    <Link href={route('esi.commandes.show', { id: facture.commande_id })}>
                      {facture.commande_numero}
                    </Link>
                  </Row>
                )}
                <Row label="Date">{formatDate(facture.date_facture)}</Row>
                <Row label="Échéance">{formatDate(facture.echeance)}</Row>
                <Row label="Communication">
                  {facture.communication && (
                    <span className="font-monospace">{facture.communication}</span>
                  )}
                </Row>
                <Row label="Émise le">{formatDateTime(facture.emise_le)}</Row>
                <Row label="Total TTC">{formatEuros(facture.total_ttc)}</Row>
                <Row label="Payé">{formatEuros(facture.montant_paye)}</Row>
                <Row label="Crédité (notes de crédit)">{formatEuros(facture.montant_credite)}</Row>
                <Row label="Reste dû">{formatEuros(factureReste(facture))}</Row>
                {peppol.envoi && (
                  <Row label="Peppol">
                    <span data-testid="facture-peppol-envoi">
                      Envoyée le {formatDateTime(peppol.envoi.envoye_le)}
                      {peppol.envoi.envoye_par ? ` par ${peppol.envoi.envoye_par}` : ''} (
                      {PEPPOL_ADAPTER_LABELS[peppol.envoi.adapter] ?? peppol.envoi.adapter}
                      {peppol.envoi.message_id ? `, référence ${peppol.envoi.message_id}` : ''})
                    </span>
                  </Row>
                )}
              </dl>
            </Block>
            {relances && <RelancesBlock factureId={facture.id} relances={relances} />}
          </div>
        </div>
      </div>
    </>
  )
}
