import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import DataTable, { type Column } from '../../../../components/list/DataTable.js'
import EmptyState from '../../../../components/list/EmptyState.js'
import { formatDateTime } from '../../../../lib/format.js'
import { route } from '../../../../lib/route.js'
import { periode, RELEVE_FORMAT_LABELS, type ReleveSummary } from '@shared/releves'
import { formatIban } from '@shared/validation/belgium'

export type ReleveImportProps = {
  releves: ReleveSummary[]
}

const COLUMNS: Column<ReleveSummary>[] = [
  {
    key: 'fichier',
    label: 'Fichier',
    cell: (r) => (
      <>
        <Link
          href={route('esi.paiements.import.show', { id: r.id })}
          className="fw-semibold text-break"
        >
          {r.fichier_nom}
        </Link>
        <div className="small text-body-secondary d-sm-none">{periode(r)}</div>
      </>
    ),
  },
  {
    key: 'compte',
    label: 'Compte',
    className: 'd-none d-md-table-cell text-nowrap',
    cell: (r) => `${formatIban(r.compte_iban)} · ${RELEVE_FORMAT_LABELS[r.format]}`,
  },
  {
    key: 'periode',
    label: 'Période',
    className: 'text-nowrap d-none d-sm-table-cell',
    cell: (r) => periode(r),
  },
  {
    key: 'lignes',
    label: 'Lignes',
    className: 'text-end',
    cell: (r) => r.lignes_nouvelles,
  },
  {
    key: 'a_rapprocher',
    label: 'À rapprocher',
    className: 'text-end',
    cell: (r) =>
      r.a_rapprocher > 0 ? (
        <span className="badge text-bg-warning">{r.a_rapprocher}</span>
      ) : (
        <span className="badge text-bg-success">0</span>
      ),
  },
  {
    key: 'importe',
    label: 'Importé le',
    className: 'd-none d-lg-table-cell text-nowrap',
    cell: (r) => `${formatDateTime(r.created_at)}${r.imported_by ? ` par ${r.imported_by}` : ''}`,
  },
]

/** esi/compta/paiements/import: upload a bank statement; the statements imported so far. */
export default function ReleveImport({ releves }: ReleveImportProps) {
  const form = useForm<{ fichier: File | null }>({ fichier: null })
  const errors = form.errors as Partial<Record<'fichier', string>>

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.data.fichier) {
      form.setError('fichier', 'Choisissez le fichier de l’extrait bancaire (CAMT.053 ou CODA).')
      return
    }
    form.post(route('esi.paiements.import.store'), {
      forceFormData: true,
      preserveScroll: true,
    })
  }

  return (
    <>
      <Head title="Importer un extrait bancaire" />
      <PageHeader
        title="Importer un extrait bancaire"
        subtitle="Les virements reçus deviennent des paiements, rapprochés des factures"
        breadcrumb={[
          { label: 'Comptabilité' },
          { label: 'Paiements', href: route('esi.compta.paiements') },
          { label: 'Import bancaire' },
        ]}
      />
      <div className="content">
        <Block title="Nouvel extrait">
          <form onSubmit={submit} noValidate data-testid="releve-upload">
            <p className="text-body-secondary">
              Fichier CAMT.053 (XML ISO 20022) ou CODA 2.x tel que fourni par la banque, 5 Mo au
              plus. Chaque virement reçu portant la communication structurée d’une facture émise (ou
              d’une demande de paiement) devient un paiement réparti sur cette facture ; à défaut,
              le montant exact et le nom du client. Les autres lignes restent à rapprocher à la
              main. Réimporter un fichier (ou un extrait qui en recouvre un autre) n’ajoute que les
              lignes nouvelles. Un fichier mal formé est refusé en entier, avec le numéro de la
              ligne en cause.
            </p>
            <div className="row g-2 align-items-start">
              <div className="col-md-8 col-lg-6">
                <label htmlFor="releve-fichier" className="form-label">
                  Fichier de l’extrait
                </label>
                <input
                  id="releve-fichier"
                  name="fichier"
                  type="file"
                  accept=".xml,.cod,.coda,.txt,text/xml,application/xml,text/plain"
                  className={`form-control ${errors.fichier ? 'is-invalid' : ''}`}
                  aria-invalid={errors.fichier ? true : undefined}
                  aria-describedby={errors.fichier ? 'releve-fichier-error' : undefined}
                  onChange={(e) => form.setData('fichier', e.target.files?.[0] ?? null)}
                />
                {errors.fichier && (
                  <div id="releve-fichier-error" className="invalid-feedback" role="alert">
                    {errors.fichier}
                  </div>
                )}
              </div>
              <div className="col-md-4 col-lg-3">
                <div className="form-label d-none d-md-block" aria-hidden="true">
                  &nbsp;
                </div>
                <button type="submit" className="btn btn-primary w-100" disabled={form.processing}>
                  {form.processing ? (
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  ) : (
                    <i className="bi bi-upload me-2" aria-hidden="true" />
                  )}
                  Importer
                </button>
              </div>
            </div>
          </form>
        </Block>
        <Block title="Extraits importés">
          <DataTable
            rows={releves}
            columns={COLUMNS}
            rowKey={(r) => r.id}
            sort={[]}
            onSort={() => {}}
            caption="Extraits bancaires importés, le plus récent d’abord"
            rowAttrs={(r) => ({ 'data-releve': r.id })}
            empty={
              <EmptyState
                icon="bi-bank"
                filtered={false}
                noMatch=""
                none="Aucun extrait importé pour le moment."
              >
                Importez le premier avec le formulaire ci-dessus.
              </EmptyState>
            }
          />
        </Block>
      </div>
    </>
  )
}
