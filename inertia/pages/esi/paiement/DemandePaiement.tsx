import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import PaiementDetails from '../../../components/paiement/PaiementDetails.js'
import { confirm } from '../../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import { DEMANDE_STATUT_VARIANTS } from '@shared/bdc'
import type { Data } from '~generated/data'
import { DEMANDE_PAIEMENT_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'
import { route } from '~/lib/route'

export type DemandePaiementProps = {
  demande: Data.DemandePaiement.Variants['forDetail']
}

/** esi/paiement DemandePaiement: the request, its public link and QR code, marking it paid. */
export default function DemandePaiement({ demande }: DemandePaiementProps) {
  const [copied, setCopied] = useState(false)
  const envoyee = demande.statut === 'envoyee'

  async function copy() {
    try {
      await navigator.clipboard.writeText(demande.lien)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      // Clipboard refused (insecure context): the field stays selectable by hand
      document.querySelector<HTMLInputElement>('#lien-paiement')?.select()
    }
  }

  async function payee() {
    const ok = await confirm({
      title: 'Marquer comme payée ?',
      text: `Le virement de ${formatEuros(demande.montant)} (${demande.communication}) a bien été reçu sur le compte.`,
      icon: 'question',
      confirmText: 'Marquer comme payée',
    })
    if (ok)
      router.post(route('esi.paiement.payee', { id: demande.id }), {}, { preserveScroll: true })
  }

  async function renvoyer() {
    const ok = await confirm({
      title: 'Renvoyer l’e-mail ?',
      text: `La demande sera renvoyée à ${demande.email}.`,
      icon: 'question',
      confirmText: 'Renvoyer',
    })
    if (ok)
      router.post(route('esi.paiement.renvoyer', { id: demande.id }), {}, { preserveScroll: true })
  }

  return (
    <>
      <Head title={`Demande de paiement ${demande.numero}`} />
      <PageHeader
        title={`Demande de paiement ${demande.numero}`}
        subtitle={
          <>
            {demande.client.nom} — {formatEuros(demande.montant)}{' '}
            <span
              className={`badge text-bg-${DEMANDE_STATUT_VARIANTS[demande.statut]}`}
              data-testid="demande-statut"
            >
              {DEMANDE_PAIEMENT_STATUT_LABELS[demande.statut]}
            </span>
          </>
        }
        breadcrumb={[
          ...(demande.bdc
            ? [
                { label: 'Bons de commande', href: route('esi.bdc.index') },
                { label: demande.bdc.numero, href: route('esi.bdc.show', { id: demande.bdc.id }) },
              ]
            : []),
          { label: demande.numero },
        ]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            {demande.bdc && (
              <Link
                href={route('esi.bdc.show', { id: demande.bdc.id })}
                className="btn btn-alt-secondary"
              >
                <i className="bi bi-arrow-left me-1" aria-hidden="true" />
                Bon {demande.bdc.numero}
              </Link>
            )}
            {envoyee && demande.email && (
              <button type="button" className="btn btn-alt-primary" onClick={renvoyer}>
                <i className="bi bi-envelope me-1" aria-hidden="true" />
                Renvoyer l’e-mail
              </button>
            )}
            {envoyee && (
              <button
                type="button"
                className="btn btn-success"
                onClick={payee}
                data-testid="demande-payee"
              >
                <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                Marquer comme payée
              </button>
            )}
          </div>
        }
      />
      <div className="content">
        <div className="row g-4">
          <div className="col-xl-8">
            <Block title="Paiement">
              <PaiementDetails paiement={demande} />
            </Block>
          </div>
          <div className="col-xl-4">
            <Block title="Lien de paiement du client">
              <p className="small text-body-secondary">
                Le client ouvre ce lien sans compte. Il est valable jusqu’au{' '}
                {formatDate(demande.lien_expire_le)} et ne peut être ni deviné ni modifié.
              </p>
              {demande.lien_expire && (
                <div className="alert alert-warning py-2 small">Ce lien a expiré.</div>
              )}
              <div className="input-group mb-2">
                <label htmlFor="lien-paiement" className="visually-hidden">
                  Lien de paiement
                </label>
                <input
                  id="lien-paiement"
                  type="text"
                  readOnly
                  className="form-control form-control-sm font-monospace"
                  value={demande.lien}
                  onFocus={(e) => e.target.select()}
                  data-testid="demande-lien"
                />
                <button type="button" className="btn btn-sm btn-alt-primary" onClick={copy}>
                  <i
                    className={`bi ${copied ? 'bi-clipboard-check' : 'bi-clipboard'} me-1`}
                    aria-hidden="true"
                  />
                  {copied ? 'Copié' : 'Copier'}
                </button>
              </div>
              <span className="visually-hidden" role="status">
                {copied ? 'Lien copié dans le presse-papiers' : ''}
              </span>
              <a href={demande.lien} target="_blank" rel="noopener noreferrer" className="small">
                Ouvrir la page du client
              </a>
            </Block>
            <Block title="Suivi">
              <dl className="row mb-0">
                <dt className="col-5 fw-normal text-body-secondary">Créée le</dt>
                <dd className="col-7">{formatDateTime(demande.created_at)}</dd>
                <dt className="col-5 fw-normal text-body-secondary">Envoyée</dt>
                <dd className="col-7">
                  {demande.envoyee_le ? formatDateTime(demande.envoyee_le) : '—'}
                  {demande.email && (
                    <div className="small text-body-secondary">{demande.email}</div>
                  )}
                </dd>
                <dt className="col-5 fw-normal text-body-secondary">Payée le</dt>
                <dd className="col-7 mb-0">
                  {demande.payee_le ? formatDateTime(demande.payee_le) : '—'}
                </dd>
              </dl>
            </Block>
          </div>
        </div>
      </div>
    </>
  )
}
