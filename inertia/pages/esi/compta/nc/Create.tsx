import { useState, type FormEvent } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import {
  NOTE_CREDIT_KIND_LABELS,
  NOTE_CREDIT_KINDS,
  type NoteCreditKind,
} from '@shared/notes_credit'
import { formatEuros } from '@shared/totals'
import { route } from '~/lib/route'

export type NoteCreditCreateProps = {
  facture: {
    id: number
    numero: string | null
    client_nom: string
    total_ttc: number
    montant_credite: number
    taux: number[]
    lignes: {
      id: number
      designation: string
      quantite: string
      creditable: string
      prix_unitaire_ht: number
      taux_tva: number
    }[]
  }
}

/** « Créer une note de crédit » on an issued facture: total, chosen lines, or HT per rate. */
export default function NoteCreditCreate({ facture }: NoteCreditCreateProps) {
  const [kind, setKind] = useState<NoteCreditKind>('total')
  const [motif, setMotif] = useState('')
  const [quantites, setQuantites] = useState<Record<number, string>>({})
  const [montants, setMontants] = useState<Record<number, string>>({})
  const [processing, setProcessing] = useState(false)

  function submit(e: FormEvent) {
    e.preventDefault()
    setProcessing(true)
    router.post(
      route('esi.notes_credit.store', { id: facture.id }),
      {
        kind,
        motif,
        lignes: Object.entries(quantites)
          .filter(([, q]) => q.trim() !== '')
          .map(([id, quantite]) => ({ facture_ligne_id: Number(id), quantite })),
        montants: Object.entries(montants)
          .filter(([, m]) => m.trim() !== '')
          .map(([taux, montant]) => ({ taux_tva: Number(taux), montant })),
      },
      { onFinish: () => setProcessing(false) }
    )
  }

  return (
    <>
      <Head title={`Note de crédit sur ${facture.numero}`} />
      <PageHeader
        title="Créer une note de crédit"
        subtitle={`Facture ${facture.numero} — ${facture.client_nom} — encore créditable : ${formatEuros(facture.total_ttc - facture.montant_credite)}`}
        breadcrumb={[
          { label: 'Factures', href: route('esi.compta.facture') },
          { label: facture.numero ?? '', href: route('esi.factures.show', { id: facture.id }) },
          { label: 'Note de crédit' },
        ]}
      />
      <div className="content">
        <form onSubmit={submit}>
          <Block title="Ce qui est crédité">
            <fieldset className="mb-3">
              <legend className="fs-6">Type</legend>
              {NOTE_CREDIT_KINDS.map((k) => (
                <div className="form-check form-check-inline" key={k}>
                  <input
                    className="form-check-input"
                    type="radio"
                    id={`kind-${k}`}
                    name="kind"
                    checked={kind === k}
                    onChange={() => setKind(k)}
                  />
                  <label className="form-check-label" htmlFor={`kind-${k}`}>
                    {NOTE_CREDIT_KIND_LABELS[k]}
                  </label>
                </div>
              ))}
            </fieldset>
            {kind === 'lignes' && (
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">Ligne</th>
                    <th scope="col" className="text-end">
                      Facturé
                    </th>
                    <th scope="col" className="text-end">
                      Encore créditable
                    </th>
                    <th scope="col">Quantité à créditer</th>
                  </tr>
                </thead>
                <tbody>
                  {facture.lignes.map((l) => (
                    <tr key={l.id}>
                      <td>{l.designation}</td>
                      <td className="text-end">{l.quantite}</td>
                      <td className="text-end">{l.creditable}</td>
                      <td>
                        <input
                          className="form-control form-control-sm"
                          inputMode="decimal"
                          aria-label={`Quantité à créditer : ${l.designation}`}
                          value={quantites[l.id] ?? ''}
                          onChange={(e) => setQuantites({ ...quantites, [l.id]: e.target.value })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {kind === 'montant' &&
              facture.taux.map((taux) => (
                <div className="mb-2" key={taux}>
                  <label className="form-label" htmlFor={`montant-${taux}`}>
                    Montant HT à créditer au taux de {taux} %
                  </label>
                  <input
                    id={`montant-${taux}`}
                    className="form-control"
                    inputMode="decimal"
                    value={montants[taux] ?? ''}
                    onChange={(e) => setMontants({ ...montants, [taux]: e.target.value })}
                  />
                </div>
              ))}
            <div className="mb-3">
              <label className="form-label" htmlFor="motif">
                Motif
              </label>
              <textarea
                id="motif"
                className="form-control"
                required
                value={motif}
                onChange={(e) => setMotif(e.target.value)}
              />
            </div>
            <div className="d-flex gap-2">
              <button type="submit" className="btn btn-primary" disabled={processing}>
                Créer le brouillon
              </button>
              <Link
                href={route('esi.factures.show', { id: facture.id })}
                className="btn btn-alt-secondary"
              >
                Annuler
              </Link>
            </div>
          </Block>
        </form>
      </div>
    </>
  )
}
