import { useState, type FormEvent } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import ListPage from '../../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../../components/list/DataTable.js'
import EmptyState from '../../../../components/list/EmptyState.js'
import ListToolbar, { PeriodFilter } from '../../../../components/list/ListToolbar.js'
import { useList } from '../../../../components/list/use_list.js'
import ClientPicker from '../../../../components/devis/ClientPicker.js'
import FacturesAllocation, {
  allocationsOf,
  centsOf,
} from '../../../../components/paiement/FacturesAllocation.js'
import { formatDate } from '../../../../lib/format.js'
import { route } from '../../../../lib/route.js'
import { NEWEST_FIRST, type ListFilters, type ListPage as Page } from '@shared/list_query'
import {
  PAIEMENT_MODE_LABELS,
  PAIEMENT_MODES,
  PAIEMENT_SORT_KEYS,
  proposeAllocations,
  type FactureOuverte,
  type PaiementListItem,
  type PaiementMode,
} from '@shared/paiements'
import type { DevisClientOption } from '@shared/devis_editor'
import { centsToInput, formatEuros } from '@shared/totals'
import { todayIso } from '@shared/dates'

export type PaiementIndexProps = {
  paiements: Page<PaiementListItem>
  filters: ListFilters
  warnings: string[]
  idempotency_key: string
  ouvertes: FactureOuverte[]
  credit: number
}

const COLUMNS: Column<PaiementListItem>[] = [
  {
    key: 'date',
    label: 'Date',
    sortKey: 'date',
    className: 'text-nowrap',
    cell: (p) => formatDate(p.date_paiement),
  },
  {
    key: 'client',
    label: 'Client',
    sortKey: 'client',
    cell: (p) => (
      <Link href={route('esi.customers.show', { id: p.client_id })}>{p.client_nom}</Link>
    ),
  },
  { key: 'mode', label: 'Mode', cell: (p) => PAIEMENT_MODE_LABELS[p.mode] },
  {
    key: 'reference',
    label: 'Référence',
    className: 'd-none d-lg-table-cell',
    cell: (p) => p.reference,
  },
  {
    key: 'montant',
    label: 'Montant',
    sortKey: 'montant',
    className: 'text-end text-nowrap',
    cell: (p) => formatEuros(p.montant),
  },
  {
    key: 'alloue',
    label: 'Réparti',
    className: 'text-nowrap',
    cell: (p) =>
      p.montant < 0
        ? 'Remboursement'
        : `${formatEuros(p.alloue)}${p.factures.length ? ` (${p.factures.join(', ')})` : ''}`,
  },
]

const cents = centsOf

/** The « Nouveau paiement » form: client, date, amount, mode, and what goes to each facture. */
function NouveauPaiement({
  ouvertes,
  credit,
  idempotencyKey,
}: {
  ouvertes: FactureOuverte[]
  credit: number
  idempotencyKey: string
}) {
  const [client, setClient] = useState<DevisClientOption | null>(null)
  const [date, setDate] = useState(todayIso())
  const [montant, setMontant] = useState('')
  const [mode, setMode] = useState<PaiementMode>('virement')
  const [reference, setReference] = useState('')
  const [compte, setCompte] = useState('')
  const [parts, setParts] = useState<Record<number, string>>({})
  const [processing, setProcessing] = useState(false)

  function chooseClient(c: DevisClientOption | null) {
    setClient(c)
    setParts({})
    router.reload({ only: ['ouvertes', 'credit'], data: { client: c?.id ?? '' } })
  }

  function changeMontant(text: string) {
    setMontant(text)
    const proposal = proposeAllocations(cents(text), ouvertes)
    setParts(Object.fromEntries([...proposal].map(([id, m]) => [id, m ? centsToInput(m) : ''])))
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setProcessing(true)
    router.post(
      route('esi.paiements.store'),
      {
        client_id: client?.id ?? '',
        date,
        montant,
        mode,
        reference,
        compte,
        idempotency_key: idempotencyKey,
        allocations: allocationsOf(parts),
      },
      { preserveScroll: true, onFinish: () => setProcessing(false) }
    )
  }

  return (
    <Block title="Nouveau paiement">
      <form onSubmit={submit} data-testid="paiement-form">
        <div className="row g-3">
          <div className="col-lg-6">
            <ClientPicker value={client} onChange={chooseClient} />
          </div>
          <div className="col-6 col-lg-3">
            <label className="form-label" htmlFor="p-date">
              Date
            </label>
            <input
              id="p-date"
              type="date"
              className="form-control"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              required
            />
          </div>
          <div className="col-6 col-lg-3">
            <label className="form-label" htmlFor="p-montant">
              Montant (€)
            </label>
            <input
              id="p-montant"
              className="form-control"
              inputMode="decimal"
              value={montant}
              onChange={(e) => changeMontant(e.target.value)}
              required
            />
          </div>
          <div className="col-6 col-lg-3">
            <label className="form-label" htmlFor="p-mode">
              Mode
            </label>
            <select
              id="p-mode"
              className="form-select"
              value={mode}
              onChange={(e) => setMode(e.target.value as PaiementMode)}
            >
              {PAIEMENT_MODES.map((m) => (
                <option key={m} value={m}>
                  {PAIEMENT_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-lg-4">
            <label className="form-label" htmlFor="p-reference">
              Référence
            </label>
            <input
              id="p-reference"
              className="form-control"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </div>
          <div className="col-lg-5">
            <label className="form-label" htmlFor="p-compte">
              Compte (IBAN)
            </label>
            <input
              id="p-compte"
              className="form-control"
              value={compte}
              onChange={(e) => setCompte(e.target.value)}
            />
          </div>
        </div>
        {client && (
          <div className="mt-3">
            <p className="mb-2">
              Crédit non réparti du client : <strong>{formatEuros(credit)}</strong>. Un montant
              négatif rembourse ce crédit.
            </p>
            <FacturesAllocation
              ouvertes={ouvertes}
              parts={parts}
              onChange={setParts}
              montant={cents(montant)}
            />
          </div>
        )}
        <button type="submit" className="btn btn-primary mt-2" disabled={processing}>
          Enregistrer le paiement
        </button>
      </form>
    </Block>
  )
}

/** esi/compta/paiements: the payments received and refunded, and the form to record one. */
export default function PaiementIndex({
  paiements,
  filters,
  warnings,
  idempotency_key,
  ouvertes,
  credit,
}: PaiementIndexProps) {
  const list = useList({
    path: route('esi.compta.paiements'),
    filters,
    sortKeys: PAIEMENT_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    only: ['paiements'],
  })
  return (
    <>
      <Head title="Paiements" />
      <PageHeader
        title="Paiements"
        subtitle="Paiements reçus, leur répartition sur les factures, remboursements"
        breadcrumb={[{ label: 'Comptabilité' }, { label: 'Paiements' }]}
        actions={
          <Link href={route('esi.paiements.import')} className="btn btn-alt-primary">
            <i className="bi bi-bank me-1" aria-hidden="true" />
            Importer un extrait bancaire
          </Link>
        }
      />
      <div className="content pb-0">
        <NouveauPaiement
          key={idempotency_key}
          ouvertes={ouvertes}
          credit={credit}
          idempotencyKey={idempotency_key}
        />
      </div>
      <ListPage
        title="Liste des paiements"
        warnings={warnings}
        page={paiements}
        list={list}
        noun={['paiement', 'paiements']}
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher un paiement"
            searchPlaceholder="Client, référence…"
          >
            <PeriodFilter filters={filters} list={list} />
          </ListToolbar>
        }
      >
        <DataTable
          rows={paiements.data}
          columns={COLUMNS}
          rowKey={(p) => p.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des paiements"
          empty={
            <EmptyState
              icon="bi-cash-coin"
              filtered={list.filtered}
              noMatch="Aucun paiement ne correspond à ces critères."
              none="Aucun paiement pour le moment."
              onClear={list.reset}
            >
              Enregistrez un paiement avec le formulaire ci-dessus.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
