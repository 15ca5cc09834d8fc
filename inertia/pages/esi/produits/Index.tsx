import { useState } from 'react'
import { Head } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import ListPage from '../../../components/list/ListPage.js'
import ListToolbar, { SelectFilter } from '../../../components/list/ListToolbar.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import { useList } from '../../../components/list/use_list.js'
import { exportUrl } from '../../../components/list/use_list_visit.js'
import ProduitFormModal from '../../../components/produits/ProduitFormModal.js'
import ProduitImportModal from '../../../components/produits/ProduitImportModal.js'
import { formatMoney } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import { PRODUIT_SORT_KEYS, UNITE_LABELS, type ProduitItem } from '@shared/produits'
import type { SocieteOption } from '@shared/clients'
import type { ListFilters, ListPage as Page } from '@shared/list_query'

export type ProduitsIndexProps = {
  produits: Page<ProduitItem>
  filters: ListFilters
  warnings: string[]
  categories: string[]
  fournisseurs: SocieteOption[]
}

function columns(onEdit: (p: ProduitItem) => void): Column<ProduitItem>[] {
  return [
    {
      key: 'reference',
      label: 'Référence',
      sortKey: 'reference',
      className: 'text-nowrap',
      // The reference opens the edit form
      cell: (p) => (
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-decoration-none align-baseline"
          onClick={() => onEdit(p)}
          title="Modifier"
          aria-label={`Modifier ${p.reference}`}
        >
          {p.reference}
        </button>
      ),
    },
    {
      key: 'libelle',
      label: 'Libellé',
      sortKey: 'libelle',
      cell: (p) => (
        <div style={{ minWidth: 200 }}>
          {p.libelle}
          {!p.actif && <span className="badge text-bg-secondary ms-2">Inactif</span>}
        </div>
      ),
    },
    {
      key: 'categorie',
      label: 'Catégorie',
      sortKey: 'categorie',
      className: 'small',
      cell: (p) => p.categorie,
    },
    { key: 'unite', label: 'Unité', sortKey: 'unite', cell: (p) => UNITE_LABELS[p.unite] },
    {
      key: 'achat',
      label: 'Achat',
      sortKey: 'prix_achat',
      className: 'text-end text-nowrap',
      cell: (p) => formatMoney(p.prix_achat),
    },
    {
      key: 'vente',
      label: 'Vente HT',
      sortKey: 'prix_vente_ht',
      className: 'text-end text-nowrap',
      cell: (p) => formatMoney(p.prix_vente_ht),
    },
    {
      key: 'tva',
      label: 'TVA',
      sortKey: 'taux_tva',
      className: 'text-end',
      cell: (p) => `${p.taux_tva} %`,
    },
    {
      key: 'fournisseur',
      label: 'Fournisseur',
      className: 'small',
      cell: (p) => p.fournisseur?.nom,
    },
  ]
}

export default function ProduitsIndex(props: ProduitsIndexProps) {
  const { produits, filters, warnings, categories, fournisseurs } = props
  // null: closed; 'new': creating; a product: editing it
  const [editing, setEditing] = useState<ProduitItem | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const path = route('esi.produits.index')
  const list = useList({
    path,
    filters,
    sortKeys: PRODUIT_SORT_KEYS,
    defaultSort: [{ key: 'reference', desc: false }],
    only: ['produits'],
  })
  const select = (id: string, label: string, name: string, options: [string, string][]) => (
    <SelectFilter
      id={id}
      label={label}
      all={`${label} : tous`}
      value={filters.filter[name] ?? ''}
      choices={options.map(([value, text]) => ({ value, label: text }))}
      onChange={(v) => list.setFilter(name, v)}
    />
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
            <a
              className="btn btn-alt-secondary"
              href={exportUrl(route('esi.produits.export'), filters)}
              download
            >
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

      <ListPage
        warnings={warnings}
        page={produits}
        list={list}
        noun="produit"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher un produit"
            searchPlaceholder="Référence, libellé, catégorie…"
          >
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
          </ListToolbar>
        }
      >
        <DataTable
          id="produits-table"
          small
          rows={produits.data}
          columns={columns(setEditing)}
          rowKey={(p) => p.id}
          rowAttrs={(p) => ({ className: p.actif ? '' : 'text-body-tertiary' })}
          sort={list.sort}
          onSort={list.onSort}
          caption="Catalogue des produits"
          empty={
            <EmptyState
              icon="bi-box"
              filtered={list.filtered}
              noMatch="Aucun produit ne correspond à ces critères."
              none="Le catalogue est vide : ajoutez un produit ou importez un fichier CSV."
              onClear={list.reset}
            />
          }
        />
      </ListPage>

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
