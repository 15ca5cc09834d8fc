/*
 * The devis's optional lines, one checkbox each, and the totals that follow them live (computed
 * in the browser by shared/totals.ts, the function the server stores them with).
 */
import { useId } from 'react'
import { formatEuros } from '@shared/totals'
import type { DocumentData } from '@shared/document'
import type { OptionChoice } from '@shared/signature_en_ligne'

export default function OptionsChoice({
  options,
  document: doc,
  retenues,
  onToggle,
  disabled,
}: {
  options: OptionChoice[]
  /** The document with the current choice (its totals recomputed). */
  document: DocumentData
  retenues: ReadonlySet<number>
  onToggle: (index: number, checked: boolean) => void
  disabled?: boolean
}) {
  const uid = useId()
  return (
    <section className="block block-rounded" aria-labelledby={`${uid}-title`}>
      <div className="block-header block-header-default">
        <h2 className="block-title" id={`${uid}-title`}>
          <i className="bi bi-ui-checks me-1" aria-hidden="true" />
          Vos options
        </h2>
      </div>
      <div className="block-content pb-3">
        {options.length > 0 ? (
          <>
            <p className="text-body-secondary small mb-2">
              Cochez les options que vous souhaitez commander : le total se met à jour.
            </p>
            <ul className="list-unstyled mb-3">
              {options.map((o) => {
                const ligne = doc.lignes[o.index]
                return (
                  <li key={o.index} className="form-check py-2 border-bottom">
                    <input
                      className="form-check-input"
                      type="checkbox"
                      id={`${uid}-option-${o.index}`}
                      checked={retenues.has(o.index)}
                      onChange={(e) => onToggle(o.index, e.target.checked)}
                      disabled={disabled}
                      data-testid={`option-${o.index}`}
                    />
                    <label
                      className="form-check-label d-flex justify-content-between gap-2 w-100"
                      htmlFor={`${uid}-option-${o.index}`}
                    >
                      <span>{o.designation}</span>
                      <span className="text-nowrap fw-semibold">
                        {formatEuros(ligne?.total_ht ?? 0)} HT
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          </>
        ) : null}
        <dl className="row mb-0" aria-live="polite" data-testid="totaux-en-direct">
          <dt className="col-7 fw-normal">Total HT</dt>
          <dd className="col-5 text-end mb-1">{formatEuros(doc.total_ht)}</dd>
          <dt className="col-7 fw-normal">TVA</dt>
          <dd className="col-5 text-end mb-1">{formatEuros(doc.total_tva)}</dd>
          <dt className="col-7">Total TTC</dt>
          <dd className="col-5 text-end fw-bold mb-1" data-testid="total-ttc">
            {formatEuros(doc.total_ttc)}
          </dd>
          {doc.acompte ? (
            <>
              <dt className="col-7 fw-normal">Acompte à la commande</dt>
              <dd className="col-5 text-end mb-0" data-testid="acompte">
                {formatEuros(doc.acompte)}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </section>
  )
}
