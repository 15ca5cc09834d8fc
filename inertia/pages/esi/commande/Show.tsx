import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import RetractationBanner from '../../../components/commande/RetractationBanner.js'
import FacturationBlock from '../../../components/commande/FacturationBlock.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import { COMMANDE_STATUT_VARIANTS } from '@shared/bdc'
import type { Data } from '~generated/data'
import { COMMANDE_STATUT_LABELS, LIEU_SIGNATURE_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'
import type { CommandeFacturation } from '@shared/factures'
import { route } from '~/lib/route'

export type CommandeShowProps = {
  commande: Data.Commande.Variants['forDetail']
  facturation: CommandeFacturation
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children || <span className="text-body-tertiary">—</span>}</dd>
    </>
  )
}

const ETAPES = [
  { title: 'Mesurage', icon: 'bi-rulers' },
  { title: 'Production', icon: 'bi-gear' },
  { title: 'Fourniture', icon: 'bi-truck' },
  { title: 'Pose', icon: 'bi-hammer' },
]

/** esi/commande Show: the header of the order; its steps come with a later issue. */
export default function CommandeShow({ commande, facturation }: CommandeShowProps) {
  return (
    <>
      <Head title={`Commande ${commande.numero}`} />
      <PageHeader
        title={`Commande ${commande.numero}`}
        subtitle={
          <>
            {commande.client.nom} — {commande.objet}{' '}
            <span className={`badge text-bg-${COMMANDE_STATUT_VARIANTS[commande.statut]}`}>
              {COMMANDE_STATUT_LABELS[commande.statut]}
            </span>
          </>
        }
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: commande.numero },
        ]}
        actions={
          <Link href={route('esi.commandes.index')} className="btn btn-alt-secondary">
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            Liste
          </Link>
        }
      />
      <div className="content">
        {commande.fin_retractation && <RetractationBanner fin={commande.fin_retractation} />}
        <div className="row g-4">
          <div className="col-lg-6">
            <Block title="Commande">
              <dl className="row mb-0">
                <Row label="Numéro">{commande.numero}</Row>
                <Row label="Créée le">{formatDateTime(commande.created_at)}</Row>
                <Row label="Client">
                  <Link href={route('esi.customers.show', { id: commande.client.id })}>
                    {commande.client.nom}
                  </Link>
                </Row>
                <Row label="Objet">{commande.objet}</Row>
                <Row label="Total TTC">{formatEuros(commande.total_ttc)}</Row>
                <Row label="Chef de projet">{commande.chef_projet}</Row>
              </dl>
            </Block>
          </div>
          <div className="col-lg-6">
            <Block title="Bon de commande">
              <dl className="row mb-0">
                <Row label="Bon">
                  <Link
                    href={route('esi.bdc.show', { id: commande.bdc.id })}
                    data-testid="commande-bdc-link"
                  >
                    {commande.bdc.numero}
                  </Link>
                </Row>
                <Row label="Signé le">{formatDateTime(commande.bdc.signe_le)}</Row>
                <Row label="Lieu">
                  {commande.bdc.lieu && LIEU_SIGNATURE_LABELS[commande.bdc.lieu]}
                </Row>
                {commande.bdc.lieu === 'domicile' && commande.bdc.renonciation && (
                  <Row label="Rétractation">Renonciation expresse du client</Row>
                )}
                <Row label="Acompte">{formatEuros(commande.bdc.acompte)}</Row>
                <Row label="Paiements">
                  <span data-testid="commande-paiements">
                    {commande.bdc.paye > 0 ? (
                      <span className="text-success fw-semibold">
                        {formatEuros(commande.bdc.paye)} payé
                        {commande.bdc.paye_le && ` le ${formatDate(commande.bdc.paye_le)}`}
                      </span>
                    ) : (
                      'Aucun paiement reçu'
                    )}
                    {commande.bdc.en_attente > 0 &&
                      ` · ${formatEuros(commande.bdc.en_attente)} demandé, en attente`}
                  </span>
                </Row>
              </dl>
            </Block>
          </div>
          <div className="col-12">
            <FacturationBlock commandeId={commande.id} facturation={facturation} />
          </div>
          <div className="col-12">
            <Block title="Étapes (mesurage, production, fourniture, pose) — à venir">
              <div className="row g-3 text-center">
                {ETAPES.map((e) => (
                  <div key={e.title} className="col-6 col-md-3">
                    <div className="border rounded py-3 text-body-secondary">
                      <i className={`bi ${e.icon} d-block fs-3 mb-1`} aria-hidden="true" />
                      {e.title}
                      <div className="small">à venir</div>
                    </div>
                  </div>
                ))}
              </div>
            </Block>
          </div>
        </div>
      </div>
    </>
  )
}
