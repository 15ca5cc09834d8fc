import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import CfCard from '../../../components/commande_fournisseur/CfCard.js'
import { route } from '../../../lib/route.js'
import {
  ETAPE_STATUT_BADGES,
  ETAPE_STATUT_LABELS,
  type Etape,
  type EtapeStatut,
} from '@shared/commande_etapes'
import { formatQuantite, type CfCommandeHeader, type CfDetail } from '@shared/commandes_fournisseur'

export type ProductionShowProps = {
  commande: CfCommandeHeader
  etapes: Record<Etape, EtapeStatut>
  gates: { approvisionnement: string | null; fourniture: string | null }
  mesure: { statut: string; validee_le: string | null } | null
  a_preparer: number
  sans_fournisseur: { mesure_ligne_id: number; designation: string; quantite: string }[]
  commandes_fournisseur: CfDetail[]
  today: string
}

/**
 * esi/production Show: a commande's supplier orders (issue 12 §3) — « Préparer » from the
 * validated sheet (disabled with the gate's reason), each draft's quantities and purchase
 * prices, « Envoyer », the supplier's confirmation with its delivery date, the PDF.
 * Each supplier order is a CfCard (inertia/components/commande_fournisseur/).
 */
export default function ProductionShow(props: ProductionShowProps) {
  const { commande, etapes, gates } = props
  const aPreparer = props.a_preparer
  const sansFournisseur = props.sans_fournisseur
  const orders = props.commandes_fournisseur
  const [busy, setBusy] = useState(false)
  const gate = gates.approvisionnement
  const mesureOk = props.mesure?.statut === 'validee'
  const disabledReason = gate ?? (mesureOk ? null : 'La fiche de mesurage n’est pas validée.')

  function preparer() {
    router.post(
      route('esi.production.preparer', { commandeId: commande.id }),
      {},
      { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) }
    )
  }

  return (
    <>
      <Head title={`Approvisionnement — ${commande.numero}`} />
      <PageHeader
        title={`Approvisionnement — ${commande.numero}`}
        subtitle={`${commande.client_nom} — ${commande.objet}`}
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: 'Approvisionnement', href: route('esi.production.index') },
          { label: commande.numero },
        ]}
        actions={
          <Link
            href={route('esi.fourniture.show', { commandeId: commande.id })}
            className="btn btn-sm btn-alt-secondary"
          >
            <i className="bi bi-truck me-1" aria-hidden="true" />
            Réception
          </Link>
        }
      />
      <div className="content">
        <Block title="Étape">
          <p className="mb-2">
            Approvisionnement :{' '}
            <span
              className={`badge text-bg-${ETAPE_STATUT_BADGES[etapes.approvisionnement]}`}
              data-testid="etape-approvisionnement"
            >
              {ETAPE_STATUT_LABELS[etapes.approvisionnement]}
            </span>{' '}
            — Fourniture :{' '}
            <span className={`badge text-bg-${ETAPE_STATUT_BADGES[etapes.fourniture]}`}>
              {ETAPE_STATUT_LABELS[etapes.fourniture]}
            </span>
          </p>
          <p className="small text-body-secondary mb-2">
            Livraison sur chantier : {commande.adresse_chantier || 'adresse non renseignée'}
            {commande.chef_projet_nom ? ` — chef de projet : ${commande.chef_projet_nom}` : ''}
          </p>
          {disabledReason && (
            <div className="alert alert-warning py-2" role="status" data-testid="gate-reason">
              {disabledReason}
            </div>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || Boolean(disabledReason) || aPreparer === 0}
            title={disabledReason ?? undefined}
            onClick={preparer}
            data-testid="cf-preparer"
          >
            <i className="bi bi-list-check me-1" aria-hidden="true" />
            Préparer les commandes fournisseur
            {aPreparer > 0 ? ` (${aPreparer} ligne${aPreparer > 1 ? 's' : ''})` : ''}
          </button>
          {!disabledReason && aPreparer === 0 && (
            <span className="ms-2 small text-body-secondary">
              Toutes les lignes mesurées sont sur une commande.
            </span>
          )}
          {sansFournisseur.length > 0 && (
            <div className="mt-3" data-testid="sans-fournisseur">
              <h3 className="h6 mb-1">Sans fournisseur (non commandé)</h3>
              <ul className="small mb-0">
                {sansFournisseur.map((s) => (
                  <li key={s.mesure_ligne_id}>
                    {formatQuantite(s.quantite)} × {s.designation}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Block>
        {orders.length === 0 && (
          <p className="text-body-secondary">Aucune commande fournisseur pour cette commande.</p>
        )}
        {orders.map((cf) => (
          // A new line or a saved version gives a fresh form (its state follows the props)
          <CfCard key={`${cf.id}:${cf.lock_version}:${cf.lignes.length}`} cf={cf} />
        ))}
      </div>
    </>
  )
}
