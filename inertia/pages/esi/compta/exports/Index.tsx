import { Head } from '@inertiajs/react'
import { useState } from 'react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import { route } from '../../../../lib/route.js'
import type { Periode } from '@shared/periode'

export type ComptaExportsProps = {
  periode: Periode
}

/** One file of the period: its description and its two formats (each button posts the form to it). */
function ExportChoice(props: { title: string; text: string; action: string; noun: string }) {
  return (
    <section className="border-top pt-3 mb-3">
      <h3 className="h5">{props.title}</h3>
      <p className="text-body-secondary">{props.text}</p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="submit"
          name="format"
          value="csv"
          formAction={props.action}
          className="btn btn-primary"
        >
          <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
          {props.noun} en CSV
        </button>
        <button
          type="submit"
          name="format"
          value="xlsx"
          formAction={props.action}
          className="btn btn-alt-primary"
        >
          <i className="bi bi-file-earmark-excel me-1" aria-hidden="true" />
          {props.noun} en Excel (XLSX)
        </button>
      </div>
    </section>
  )
}

/**
 * The accountant's files (issue 11 §5): the sales journal and the payments of a period, as CSV
 * (UTF-8, `;`, for Excel in French) or XLSX — one period, each file's buttons. A plain GET form: the browser downloads the file; a refused period comes
 * back here with the reason.
 */
export default function ComptaExports({ periode }: ComptaExportsProps) {
  const [du, setDu] = useState(periode.du)
  const [au, setAu] = useState(periode.au)
  return (
    <>
      <Head title="Exports comptables" />
      <PageHeader
        title="Exports comptables"
        subtitle="Fichiers pour le comptable : CSV (séparateur « ; ») ou Excel (XLSX)"
        breadcrumb={[
          { label: 'Comptabilité' },
          { label: 'Créances', href: route('esi.compta.creance') },
          { label: 'Exports' },
        ]}
      />
      <div className="content">
        <Block title="Période">
          <form method="get" action={route('esi.compta.exports.journal_ventes')}>
            <div className="row g-3 mb-4">
              <div className="col-sm-6 col-lg-3">
                <label htmlFor="export-du" className="form-label">
                  Du
                </label>
                <input
                  id="export-du"
                  name="du"
                  type="date"
                  className="form-control"
                  required
                  value={du}
                  onChange={(e) => setDu(e.target.value)}
                />
              </div>
              <div className="col-sm-6 col-lg-3">
                <label htmlFor="export-au" className="form-label">
                  Au
                </label>
                <input
                  id="export-au"
                  name="au"
                  type="date"
                  className="form-control"
                  required
                  min={du}
                  value={au}
                  onChange={(e) => setAu(e.target.value)}
                />
              </div>
            </div>
            <ExportChoice
              title="Journal des ventes"
              text="Les factures et les notes de crédit (montants négatifs) émises dans la période : numéro, date, client, n° de TVA, base HT et TVA par taux, total TTC."
              action={route('esi.compta.exports.journal_ventes')}
              noun="Journal"
            />
            <ExportChoice
              title="Paiements"
              text="Les paiements reçus et les remboursements de la période : date, montant, mode, référence, client, compte bancaire, factures réglées, montant non alloué."
              action={route('esi.compta.exports.paiements')}
              noun="Paiements"
            />
          </form>
        </Block>
        <Block title="Créances">
          <p className="text-body-secondary mb-0">
            Les créances du jour, par client et par tranche d’ancienneté, s’exportent depuis la page
            « Créances » (boutons « CSV » et « Excel », avec ses filtres).
          </p>
        </Block>
      </div>
    </>
  )
}
