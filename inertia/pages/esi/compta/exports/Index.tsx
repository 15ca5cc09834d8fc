import { Head } from '@inertiajs/react'
import { useState } from 'react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import { route } from '../../../../lib/route.js'
import type { Periode } from '@shared/periode'

export type ComptaExportsProps = {
  periode: Periode
}

/**
 * The accountant's files (issue 11 §5): the sales journal of a period as CSV (UTF-8, `;`, for
 * Excel in French). A plain GET form: the browser downloads the file; a refused period comes
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
        <Block title="Journal des ventes">
          <p className="text-body-secondary">
            Les factures émises dans la période : numéro, date, client, n° de TVA, base HT et TVA
            par taux, total TTC.
          </p>
          <form
            method="get"
            action={route('esi.compta.exports.journal_ventes')}
            className="row g-3 align-items-end"
          >
            <div className="col-sm-4 col-lg-3">
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
            <div className="col-sm-4 col-lg-3">
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
            <div className="col-sm-12 col-lg-6 d-flex flex-wrap gap-2">
              <button type="submit" name="format" value="csv" className="btn btn-primary">
                <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
                Journal en CSV
              </button>
              <button type="submit" name="format" value="xlsx" className="btn btn-alt-primary">
                <i className="bi bi-file-earmark-excel me-1" aria-hidden="true" />
                Journal en Excel (XLSX)
              </button>
            </div>
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
