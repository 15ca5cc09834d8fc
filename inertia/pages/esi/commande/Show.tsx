import { useState, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import EtapeCard, { HistoriqueList } from '../../../components/commande/EtapeCard.js'
import DialogModal from '../../../components/ui/DialogModal.js'
import { askCancellationReason, confirm } from '../../../lib/dialogs/index.js'
import type { CommandeTimeline } from '@shared/commande_timeline'
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
import EtapeFichiers, {
  type CommandeFichierItem,
} from '../../../components/commande/EtapeFichiers.js'
import AvenantResume, {
  type AvenantResumeProps,
} from '../../../components/commande/AvenantResume.js'
import { ETAPES_AUTOMATIQUES, type Etape } from '@shared/commande_etapes'

export type CommandeShowProps = {
  commande: Data.Commande.Variants['forDetail']
  facturation: CommandeFacturation
  timeline: CommandeTimeline
  avenant: AvenantResumeProps
  fichiers: CommandeFichierItem[]
}

/** Each step's pages (decision 427); the automatic steps have none. */
function etapeLiens(etape: Etape, id: number) {
  switch (etape) {
    case 'mesurage':
      return [
        { key: 'mesurage', label: 'Fiche de mesurage', href: route('esi.mesurage.show', { id }) },
      ]
    case 'approvisionnement':
      return [
        {
          key: 'production',
          label: 'Commandes fournisseur',
          href: route('esi.production.show', { commandeId: id }),
        },
      ]
    case 'fourniture':
      return [
        {
          key: 'fourniture',
          label: 'Réception des marchandises',
          href: route('esi.fourniture.show', { commandeId: id }),
        },
      ]
    case 'pose':
      return [
        { key: 'pose', label: 'Pose', href: route('esi.commandes.pose', { id }) },
        { key: 'reception', label: 'Réception', href: route('esi.commandes.reception', { id }) },
      ]
    default:
      return undefined
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children || <span className="text-body-tertiary">—</span>}</dd>
    </>
  )
}

/**
 * esi/commande Show (issue 12 §1): the order's header and its timeline — one card per step with
 * its gate — the customer's withdrawal and the cancellation, the factures. Each step links to
 * its pages and shows its files (photos added from here); the mesurage step its avenant.
 */
export default function CommandeShow({
  commande,
  facturation,
  timeline,
  avenant,
  fichiers,
}: CommandeShowProps) {
  const [retractation, setRetractation] = useState(false)
  const [recueLe, setRecueLe] = useState(timeline.today)
  const annulee = commande.statut === 'annulee'
  const version = { lock_version: timeline.lock_version }
  const solde = timeline.etapes.find((e) => e.etape === 'solde')
  const pose = timeline.etapes.find((e) => e.etape === 'pose')

  function retracter(event: React.FormEvent) {
    event.preventDefault()
    router.post(
      route('esi.commandes.retractation', { id: commande.id }),
      { ...version, recue_le: recueLe },
      { preserveScroll: true, onSuccess: () => setRetractation(false) }
    )
  }

  async function annuler() {
    if (timeline.engagements.length) {
      const ok = await confirm({
        title: 'Déjà commandé chez les fournisseurs',
        text: `${timeline.engagements.join(' ; ')} — L’annulation annule les commandes fournisseur pas encore reçues : prévenez les fournisseurs.`,
        confirmText: 'Continuer',
        danger: true,
      })
      if (!ok) return
    }
    const motif = await askCancellationReason()
    if (motif === null) return
    router.post(
      route('esi.commandes.annuler', { id: commande.id }),
      { ...version, motif },
      { preserveScroll: true }
    )
  }

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
          <div className="d-flex flex-wrap gap-2">
            <Link href={route('esi.commandes.index')} className="btn btn-alt-secondary">
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Liste
            </Link>
            {(annulee || commande.statut === 'terminee') && (
              <Link
                href={route('esi.archive.show', { id: commande.id })}
                className="btn btn-alt-secondary"
                data-testid="commande-archive"
              >
                <i className="bi bi-archive me-1" aria-hidden="true" />
                Dossier archivé
              </Link>
            )}
            {timeline.retractation.possible && (
              <button
                type="button"
                className="btn btn-alt-warning"
                onClick={() => setRetractation(true)}
                data-testid="commande-retractation"
              >
                <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                Le client se rétracte
              </button>
            )}
            {!annulee && commande.statut !== 'terminee' && (
              <button
                type="button"
                className="btn btn-alt-danger"
                onClick={annuler}
                data-testid="commande-annuler"
              >
                <i className="bi bi-x-circle me-1" aria-hidden="true" />
                Annuler la commande
              </button>
            )}
          </div>
        }
      />
      <div className="content">
        {annulee && (
          <div className="alert alert-danger" data-testid="commande-annulee">
            Commande annulée
            {timeline.annulee_le && ` le ${formatDate(timeline.annulee_le)}`}. Motif :{' '}
            {timeline.motif_annulation}
            {timeline.retractation_recue_le &&
              ` (formulaire reçu le ${formatDate(timeline.retractation_recue_le)})`}
          </div>
        )}
        {commande.fin_retractation && !annulee && (
          <RetractationBanner fin={commande.fin_retractation} lieu={commande.bdc?.lieu} />
        )}
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
            <Block title="Étapes">
              <ol className="list-unstyled mb-0" data-testid="commande-timeline">
                {timeline.etapes.map((e) => (
                  <li key={e.etape}>
                    <EtapeCard
                      commandeId={commande.id}
                      etape={e}
                      responsables={timeline.responsables}
                      annulee={annulee}
                      liens={etapeLiens(e.etape, commande.id)}
                    >
                      {e.etape === 'mesurage' && <AvenantResume summary={avenant} />}
                      <EtapeFichiers
                        commandeId={commande.id}
                        etape={e.etape}
                        fichiers={fichiers.filter((f) => f.etape === e.etape)}
                        canUpload={!annulee && !ETAPES_AUTOMATIQUES.includes(e.etape)}
                      />
                    </EtapeCard>
                  </li>
                ))}
              </ol>
              {timeline.historique.length > 0 && (
                <details className="mt-2">
                  <summary className="small text-body-secondary">
                    Historique de la commande ({timeline.historique.length})
                  </summary>
                  <div className="mt-2">
                    <HistoriqueList rows={timeline.historique} />
                  </div>
                </details>
              )}
            </Block>
          </div>
          <div className="col-12">
            <FacturationBlock
              commandeId={commande.id}
              facturation={facturation}
              soldeGate={
                solde && solde.statut !== 'faite' && pose
                  ? pose.statut === 'faite' || pose.statut === 'sans_objet'
                    ? null
                    : solde.gate
                  : null
              }
              canForceSolde={timeline.peut_forcer_solde}
            />
          </div>
        </div>
      </div>
      <DialogModal
        show={retractation}
        title="Le client se rétracte"
        onClose={() => setRetractation(false)}
        footer={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setRetractation(false)}
            >
              Annuler
            </button>
            <button
              type="submit"
              form="commande-retractation-form"
              className="btn btn-danger"
              data-testid="commande-retractation-confirm"
            >
              Confirmer la rétractation
            </button>
          </>
        }
      >
        <form id="commande-retractation-form" onSubmit={retracter}>
          <p>
            La commande sera annulée (motif « Client s’est rétracté »), ses demandes de paiement
            ouvertes annulées, ses commandes fournisseur arrêtées, et l’acompte payé remboursé : une
            note de crédit sur la facture d’acompte et un remboursement par virement.
          </p>
          {timeline.engagements.length > 0 && (
            <ul className="text-danger" data-testid="commande-engagements">
              {timeline.engagements.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <label className="form-label" htmlFor="commande-retractation-date">
            Formulaire de rétractation reçu le
          </label>
          <input
            id="commande-retractation-date"
            type="date"
            className="form-control"
            value={recueLe}
            max={timeline.today}
            required
            onChange={(e) => setRecueLe(e.target.value)}
          />
        </form>
      </DialogModal>
    </>
  )
}
