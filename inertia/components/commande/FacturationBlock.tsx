import { useState } from 'react'
import { router } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { confirm, prompt } from '../../lib/dialogs/index.js'
import { type CommandeBalance, type CommandeFacturation } from '@shared/factures'
import FacturesTable from '../factures/FacturesTable.js'
import IntermediaireLignesModal from './IntermediaireLignesModal.js'
import { formatEuros } from '@shared/totals'
import { route } from '~/lib/route'

const BALANCE_FIGURES: { key: keyof CommandeBalance; label: string }[] = [
  { key: 'commande_ttc', label: 'Commandé TTC' },
  { key: 'facture', label: 'Facturé' },
  { key: 'credite', label: 'Crédité' },
  { key: 'paye', label: 'Payé' },
  { key: 'reste_du', label: 'Reste dû' },
]

/** The commande's one balance across its factures and notes de crédit. */
function BalanceFigures({ balance }: { balance: CommandeBalance }) {
  return (
    <dl className="row g-2 my-3" data-testid="commande-balance">
      {BALANCE_FIGURES.map(({ key, label }) => (
        <div key={key} className="col-6 col-md">
          <dt className="small fw-normal text-body-secondary">{label}</dt>
          <dd
            className={`mb-0 text-nowrap${key === 'reste_du' ? ' fw-bold' : ' fw-semibold'}`}
            data-testid={`commande-balance-${key}`}
          >
            {key === 'credite' && balance.credite ? '−\u00a0' : ''}
            {key === 'paye' && balance.paye ? '−\u00a0' : ''}
            {formatEuros(balance[key])}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * The commande's « Facturation » block (issue 11 §1): its factures with statut and what each
 * still asks, its balance, then « Facture intermédiaire… » (a % of the commande), « Lignes
 * choisies… » (bdc lines and quantities) and « Facture de solde ».
 */
export default function FacturationBlock({
  commandeId,
  facturation,
  soldeGate = null,
  canForceSolde = false,
}: {
  commandeId: number
  facturation: CommandeFacturation
  /** Issue 12: why the facture de solde waits (the réception), null when it may be made. */
  soldeGate?: string | null
  /** An admin may pass the réception gate with a motif (audited). */
  canForceSolde?: boolean
}) {
  const [pct, setPct] = useState('')
  const [open, setOpen] = useState(false)
  const [lignesOpen, setLignesOpen] = useState(false)
  const version = { lock_version: facturation.bdc_lock_version }

  function intermediaire(event: React.FormEvent) {
    event.preventDefault()
    router.post(
      route('esi.factures.intermediaire', { id: commandeId }),
      { ...version, pct },
      { preserveScroll: true }
    )
  }

  async function solde() {
    if (soldeGate) {
      const motif = await prompt({
        title: 'Facture de solde avant la réception',
        text: `${soldeGate} En tant qu’administrateur, vous pouvez passer outre : indiquez pourquoi (le motif est enregistré dans l’historique).`,
        label: 'Motif',
        input: 'textarea',
        required: true,
        confirmText: 'Créer le brouillon',
      })
      if (!motif) return
      router.post(
        route('esi.factures.solde', { id: commandeId }),
        { ...version, motif_forcage: motif },
        { preserveScroll: true }
      )
      return
    }
    const ok = await confirm({
      title: 'Créer la facture de solde ?',
      text: `Un brouillon de ${formatEuros(facturation.reste_a_facturer)} TTC est préparé : les lignes du bon de commande, moins les factures déjà émises. Vous l’émettrez depuis sa page.`,
      confirmText: 'Créer le brouillon',
      icon: 'question',
    })
    if (!ok) return
    router.post(route('esi.factures.solde', { id: commandeId }), version, {
      preserveScroll: true,
    })
  }

  return (
    <Block title="Facturation">
      {facturation.factures.length === 0 ? (
        <p className="text-body-secondary">Aucune facture pour cette commande.</p>
      ) : (
        <FacturesTable factures={facturation.factures} testId="commande-factures" />
      )}
      <BalanceFigures balance={facturation.balance} />
      <p data-testid="commande-reste-a-facturer">
        Reste à facturer : <strong>{formatEuros(facturation.reste_a_facturer)}</strong> TTC
      </p>
      {facturation.solde_possible && (
        <div className="d-flex flex-wrap gap-2 align-items-start">
          {open ? (
            <form className="d-flex gap-2 align-items-center" onSubmit={intermediaire}>
              <label htmlFor="facture-intermediaire-pct" className="text-nowrap">
                Pourcentage de la commande
              </label>
              <div className="input-group" style={{ maxWidth: '9rem' }}>
                <input
                  id="facture-intermediaire-pct"
                  className="form-control"
                  inputMode="decimal"
                  value={pct}
                  onChange={(e) => setPct(e.target.value)}
                  required
                />
                <span className="input-group-text">%</span>
              </div>
              <button type="submit" className="btn btn-alt-primary text-nowrap">
                Créer le brouillon
              </button>
            </form>
          ) : (
            <button
              type="button"
              className="btn btn-alt-primary"
              onClick={() => setOpen(true)}
              data-testid="facture-intermediaire-open"
            >
              <i className="bi bi-receipt me-1" aria-hidden="true" />
              Facture intermédiaire…
            </button>
          )}
          {facturation.lignes_facturables.some((l) => Number(l.restante) > 0) && (
            <button
              type="button"
              className="btn btn-alt-primary"
              onClick={() => setLignesOpen(true)}
              data-testid="facture-intermediaire-lignes-open"
            >
              <i className="bi bi-list-check me-1" aria-hidden="true" />
              Lignes choisies…
            </button>
          )}
          <button
            type="button"
            className="btn btn-alt-primary"
            onClick={solde}
            disabled={Boolean(soldeGate) && !canForceSolde}
            title={soldeGate ?? undefined}
            data-testid="facture-solde-create"
          >
            <i className="bi bi-receipt-cutoff me-1" aria-hidden="true" />
            {soldeGate && canForceSolde ? 'Facture de solde (passer outre)…' : 'Facture de solde'}
          </button>
          {soldeGate && (
            <small className="text-body-secondary w-100" data-testid="facture-solde-gate">
              <i className="bi bi-lock me-1" aria-hidden="true" />
              {soldeGate}
            </small>
          )}
        </div>
      )}
      <IntermediaireLignesModal
        show={lignesOpen}
        onClose={() => setLignesOpen(false)}
        commandeId={commandeId}
        lockVersion={facturation.bdc_lock_version}
        lignes={facturation.lignes_facturables}
        remiseGlobalePct={facturation.remise_globale_pct}
      />
    </Block>
  )
}
