/*
 * The avenant being prepared: its motif, its lines (the document lines table) and the global
 * discount, with the live totals and the difference with the bdc; saved by « Enregistrer ».
 */
import { useMemo, useState, type FormEvent } from 'react'
import { router, usePage } from '@inertiajs/react'
import Block from '../ui/Block.js'
import LignesTable, { withKeys } from '../lignes/LignesTable.js'
import TotalsPanel from '../lignes/TotalsPanel.js'
import { useDocumentTotals } from '../lignes/use_document_totals.js'
import { devisCatalogue } from '../lignes/catalogue.js'
import type { LigneForm } from '@shared/devis'
import { MOTIF_MAX, liveDifference } from '@shared/avenants'
import { route } from '~/lib/route'
import DifferenceTable from './DifferenceTable.js'
import type { AvenantProp } from './types.js'

/** "10.00" → "10", "12.50" → "12.5" (as typed in the editor). */
function trimPct(value: string | null | undefined): string {
  const text = String(value ?? '0')
  return (text.includes('.') ? text.replace(/\.?0+$/, '') : text) || '0'
}

export default function AvenantEditor({ avenant }: { avenant: AvenantProp }) {
  const { errors } = usePage<{ errors?: Record<string, string> }>().props
  const initial = useMemo(() => withKeys(avenant.lignes), [avenant.lignes])
  const [lignes, setLignes] = useState<LigneForm[]>(initial)
  const [remise, setRemise] = useState(trimPct(avenant.remise_globale_pct))
  const [motif, setMotif] = useState(avenant.motif)
  const [processing, setProcessing] = useState(false)
  const origin = useMemo(
    () => new Map(initial.map((l, i) => [l.key!, avenant.origines[i] ?? null])),
    [initial, avenant.origines]
  )
  const live = useDocumentTotals({ lignes, remise_globale_pct: remise })
  const diff = liveDifference(
    {
      total_ht: avenant.base_total_ht,
      total_tva: avenant.base_total_tva,
      total_ttc: avenant.base_total_ttc,
    },
    live.totals,
    avenant.acompte_pct
  )
  const allErrors = { ...live.limits, ...live.errors, ...(errors ?? {}) }

  function submit(event: FormEvent) {
    event.preventDefault()
    setProcessing(true)
    router.post(
      route('esi.avenants.update', { id: avenant.id }),
      {
        lock_version: avenant.lock_version,
        motif,
        remise_globale_pct: remise,
        lignes: lignes.map(({ key: _key, ...l }) => l),
        origines: lignes.map((l) => origin.get(l.key!) ?? null),
      },
      { preserveScroll: true, onFinish: () => setProcessing(false) }
    )
  }

  return (
    <form onSubmit={submit} noValidate data-testid="avenant-editor">
      <Block title={`Lignes de l’avenant ${avenant.numero}`}>
        {errors?._form && (
          <div className="alert alert-danger" role="alert">
            {errors._form}
          </div>
        )}
        <div className="mb-3">
          <label className="form-label" htmlFor="avenant-motif">
            Motif de l’avenant
          </label>
          <input
            id="avenant-motif"
            className={`form-control ${errors?.motif ? 'is-invalid' : ''}`}
            value={motif}
            maxLength={MOTIF_MAX}
            onChange={(e) => setMotif(e.target.value)}
            data-testid="avenant-motif"
          />
          {errors?.motif && <div className="invalid-feedback">{errors.motif}</div>}
        </div>
        <LignesTable
          lignes={lignes}
          onChange={setLignes}
          lineTotals={live.totals.lignes.map((l) => l.total_ht)}
          errors={allErrors}
          catalogue={devisCatalogue}
        />
        <div className="row g-3 mt-2">
          <div className="col-md-6">
            <label className="form-label" htmlFor="avenant-remise">
              Remise globale (%)
            </label>
            <input
              id="avenant-remise"
              inputMode="decimal"
              className={`form-control ${allErrors.remise_globale_pct ? 'is-invalid' : ''}`}
              value={remise}
              onChange={(e) => setRemise(e.target.value)}
            />
            {allErrors.remise_globale_pct && (
              <div className="invalid-feedback">{allErrors.remise_globale_pct}</div>
            )}
            <div className="mt-3">
              <TotalsPanel totals={live.totals} label="Totaux de l’avenant" />
            </div>
          </div>
          <div className="col-md-6">
            <DifferenceTable
              base={{ ht: avenant.base_total_ht, ttc: avenant.base_total_ttc }}
              total={{ ht: live.totals.total_ht, ttc: live.totals.total_ttc }}
              diff={{
                ht: diff.difference_ht,
                tva: diff.difference_tva,
                ttc: diff.difference_ttc,
                acompte: diff.acompte_difference,
              }}
              acomptePct={avenant.acompte_pct}
            />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={processing}
            data-testid="avenant-save"
          >
            <i className="bi bi-save me-1" aria-hidden="true" />
            Enregistrer l’avenant
          </button>
        </div>
      </Block>
    </form>
  )
}
