import { useState } from 'react'
import { Head } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import SortHeader from '../../../components/list/SortHeader.js'
import Pager from '../../../components/list/Pager.js'
import SearchBox from '../../../components/list/SearchBox.js'
import ListWarnings from '../../../components/list/ListWarnings.js'
import { exportUrl, useListVisit } from '../../../components/list/use_list_visit.js'
import ProduitFormModal from '../../../components/produits/ProduitFormModal.js'
import ProduitImportModal from '../../../components/produits/ProduitImportModal.js'
import { formatMoney } from '../../../lib/format.js'
import { PRODUIT_SORT_KEYS, UNITE_LABELS, type ProduitItem } from '@shared/produits'
import type { SocieteOption } from '@shared/clients'
import {
  parseSort,
  sortToString,
  toggleSort,
  type ListFilters,
  type ListPage,
} from '@shared/list_query'

export type ProduitsIndexProps = {
  produits: ListPage<ProduitItem>
  filters: ListFilters
  warnings: string[]
  categories: string[]
  fournisseurs: SocieteOption[]
}

const PATH = '/esi/produits'

export default function ProduitsIndex(props: ProduitsIndexProps) {
  const { produits, filters, warnings, categories, fournisseurs } = props
  // null: closed; 'new': creating; a product: editing it
  const [editing, setEditing] = useState<ProduitItem | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const visit = useListVisit(PATH, filters, ['produits', 'filters', 'warnings'])
  const sort = parseSort(filters.sort, PRODUIT_SORT_KEYS, [{ key: 'reference', desc: false }]).sort
  const onSort = (key: string, add: boolean) =>
    visit({ sort: sortToString(toggleSort(sort, key, add)) })
  const filtered = Object.keys(filters.filter).length > 0 || filters.q !== ''
  const header = (label: string, key: string, className?: string) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} className={className} />
  )
  const select = (id: string, label: string, name: string, options: [string, string][]) => (
    <div className="col-6 col-md-2">
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        value={filters.filter[name] ?? ''}
        onChange={(e) => visit({ filter: { [name]: e.target.value } })}
      >
        <option value="">Tous</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <>
      <Head title="Produits" />
      <PageHeader
        title="Produits"
        subtitle="Le catalogue utilisé par les devis et les offres : prix de vente HT, TVA, fournisseur."
        breadcrumb={[{ label: 'Gestion' }, { label: 'Produits' }]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <a className="btn btn-alt-secondary" href={exportUrl(PATH, filters)} download>
              <i className="bi bi-download me-1" aria-hidden="true" />
              Exporter (CSV)
            </a>
            <button
              type="button"
              className="btn btn-alt-secondary"
              onClick={() => setImporting(true)}
            >
              <i className="bi bi-upload me-1" aria-hidden="true" />
              Importer (CSV)
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Nouveau produit
            </button>
          </div>
        }
      />

      <div className="content">
        <ListWarnings warnings={warnings} />
        <Block>
          <form
            className="row g-2 align-items-end mb-3"
            role="search"
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="col-md-5">
              <SearchBox
                value={filters.q}
                label="Rechercher un produit"
                placeholder="Référence, libellé, catégorie…"
                onSearch={(q) => visit({ q }, { kind: 'first' }, true)}
              />
            </div>
            {select('filter-actif', 'Actif', 'actif', [
              ['oui', 'Actifs'],
              ['non', 'Inactifs'],
            ])}
            {select(
              'filter-categorie',
              'Catégorie',
              'categorie',
              categories.map((c) => [c, c])
            )}
            {select(
              'filter-fournisseur',
              'Fournisseur',
              'fournisseur',
              fournisseurs.map((f) => [String(f.id), f.nom])
            )}
          </form>

          <div className="table-responsive">
            <table
              className="table table-sm table-hover table-vcenter align-middle mb-3"
              id="produits-table"
            >
              <caption className="visually-hidden">Catalogue des produits</caption>
              <thead>
                <tr>
                  {header('Référence', 'reference')}
                  {header('Libellé', 'libelle')}
                  {header('Catégorie', 'categorie')}
                  {header('Unité', 'unite')}
                  {header('Achat', 'prix_achat', 'text-end')}
                  {header('Vente HT', 'prix_vente_ht', 'text-end')}
                  {header('TVA', 'taux_tva', 'text-end')}
                  <th scope="col">Fournisseur</th>
                </tr>
              </thead>
              <tbody>
                {produits.data.map((p) => (
                  <tr key={p.id} className={p.actif ? '' : 'text-body-tertiary'}>
                    <td className="text-nowrap">
                      {/* The reference opens the edit form */}
                      <button
                        type="button"
                        className="btn btn-link p-0 fw-semibold text-decoration-none align-baseline"
                        onClick={() => setEditing(p)}
                        title="Modifier"
                        aria-label={`Modifier ${p.reference}`}
                      >
                        {p.reference}
                      </button>
                    </td>
                    <td style={{ minWidth: 200 }}>
                      {p.libelle}
                      {!p.actif && <span className="badge text-bg-secondary ms-2">Inactif</span>}
                    </td>
                    <td className="small">{p.categorie}</td>
                    <td>{UNITE_LABELS[p.unite]}</td>
                    <td className="text-end text-nowrap">{formatMoney(p.prix_achat)}</td>
                    <td className="text-end text-nowrap">{formatMoney(p.prix_vente_ht)}</td>
                    <td className="text-end">{p.taux_tva} %</td>
                    <td className="small">{p.fournisseur?.nom}</td>
                  </tr>
                ))}
                {produits.data.length === 0 && (
                  <tr>
                    <td colSpan={8} className="text-center text-body-secondary py-4">
                      {filtered
                        ? 'Aucun produit ne correspond à ces critères.'
                        : 'Le catalogue est vide : ajoutez un produit ou importez un fichier CSV.'}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pager page={produits} noun="produit" onNavigate={(position) => visit({}, position)} />
        </Block>
      </div>

      <ProduitFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        show={editing !== null}
        onClose={() => setEditing(null)}
        produit={editing === 'new' ? null : editing}
        categories={categories}
        fournisseurs={fournisseurs}
      />
      <ProduitImportModal show={importing} onClose={() => setImporting(false)} />
    </>
  )
}
