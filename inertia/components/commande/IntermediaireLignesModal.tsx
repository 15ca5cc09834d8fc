/*
 * « Facture intermédiaire : lignes choisies » (issue 11): the bdc's product lines with what each
 * has left to invoice; the user types the quantity to invoice on each line he wants. The server
 * checks every quantity again under the bdc's lock and answers in French.
 */
import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import DialogModal from '../ui/DialogModal.js'
import { SubmitButton } from '../form/index.js'
import type { LigneFacturable } from '@shared/factures'
import { computeTotals, formatDecimal, formatEuros } from '@shared/totals'
import { route } from '~/lib/route'

export default function IntermediaireLignesModal(props: {
  show: boolean
  onClose: () => void
  commandeId: number
  lockVersion: number
  lignes: LigneFacturable[]
  remiseGlobalePct: string
}) {
  const [quantites, setQuantites] = useState<Record<number, string>>({})
  const [processing, setProcessing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const chosen = props.lignes
    .map((l) => ({ ligne: l, quantite: (quantites[l.id] ?? '').trim() }))
    .filter((c) => c.quantite !== '' && c.quantite !== '0')

  // The same totals function as every document (HT per line, VAT per rate)
  let total: number | null = null
  try {
    total = computeTotals({
      lignes: chosen.map(({ ligne, quantite }) => ({
        type: 'produit',
        quantite,
        prix_unitaire_ht: ligne.prix_unitaire_ht,
        remise_pct: ligne.remise_pct,
        taux_tva: ligne.taux_tva,
      })),
      remise_globale_pct: props.remiseGlobalePct,
    }).total_ttc
  } catch {
    total = null
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setProcessing(true)
    setError(null)
    router.post(
      route('esi.factures.intermediaire', { id: props.commandeId }),
      {
        lock_version: props.lockVersion,
        lignes: chosen.map((c) => ({ bdc_ligne_id: c.ligne.id, quantite: c.quantite })),
      },
      {
        preserveScroll: true,
        onError: (errors) => setError(Object.values(errors)[0] ?? 'Vérifiez les quantités.'),
        onFinish: () => setProcessing(false),
      }
    )
  }

  return (
    <DialogModal
      show={props.show}
      onClose={props.onClose}
      title="Facture intermédiaire : lignes choisies"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <p className="text-body-secondary">
          Indiquez la quantité à facturer sur chaque ligne voulue (au plus ce qui reste). Le
          brouillon reprend les prix, remises et TVA du bon de commande.
        </p>
        <div className="table-responsive">
          <table className="table table-sm table-vcenter">
            <caption className="visually-hidden">Lignes du bon de commande</caption>
            <thead>
              <tr>
                <th scope="col">Ligne</th>
                <th scope="col" className="text-end text-nowrap d-none d-sm-table-cell">
                  Reste à facturer
                </th>
                <th scope="col" className="text-end" style={{ width: '6.5rem' }}>
                  À facturer
                </th>
              </tr>
            </thead>
            <tbody>
              {props.lignes.map((l) => {
                const done = Number(l.restante) <= 0
                return (
                  <tr key={l.id}>
                    <td className="text-break">
                      <label htmlFor={`ligne-${l.id}`} className="mb-0">
                        {l.designation}
                      </label>
                      <div className="small text-body-secondary">
                        {formatEuros(l.prix_unitaire_ht)} HT · TVA {l.taux_tva}&nbsp;%
                        <span className="d-sm-none">
                          {' '}
                          · reste {formatDecimal(l.restante)} / {formatDecimal(l.quantite)}
                        </span>
                      </div>
                    </td>
                    <td className="text-end text-nowrap d-none d-sm-table-cell">
                      {formatDecimal(l.restante)} / {formatDecimal(l.quantite)} {l.unite ?? ''}
                    </td>
                    <td>
                      <input
                        id={`ligne-${l.id}`}
                        className="form-control form-control-sm text-end"
                        inputMode="decimal"
                        disabled={done}
                        placeholder={done ? 'Facturée' : '0'}
                        value={quantites[l.id] ?? ''}
                        onChange={(e) => setQuantites({ ...quantites, [l.id]: e.target.value })}
                        data-testid={`intermediaire-ligne-${l.id}`}
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        {error && (
          <div className="alert alert-danger py-2" role="alert">
            {error}
          </div>
        )}
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <span data-testid="intermediaire-lignes-total">
            Total TTC : <strong>{total === null ? '—' : formatEuros(total)}</strong>
          </span>
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-alt-secondary" onClick={props.onClose}>
              Annuler
            </button>
            <SubmitButton processing={processing} icon="bi bi-check-lg">
              Créer le brouillon
            </SubmitButton>
          </div>
        </div>
      </form>
    </DialogModal>
  )
}
