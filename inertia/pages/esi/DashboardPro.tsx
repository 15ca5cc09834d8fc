import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import ListWarnings from '../../components/list/ListWarnings.js'
import SortHeader from '../../components/list/SortHeader.js'
import PeriodForm from '../../components/ui/PeriodForm.js'
import { formatDate } from '../../lib/format.js'
import { route } from '~/lib/route'
import { formatEuros } from '@shared/totals'
import { parseSort, sortToString, toggleSort } from '@shared/list_query'
import {
  formatTaux,
  PARTENAIRE_DEFAULT_SORT,
  PARTENAIRE_SORT_KEYS,
  type PartenaireFigures,
} from '@shared/dashboard'

export type DashboardProProps = {
  partenaires: PartenaireFigures[]
  query: { du: string; au: string; sort: string }
  warnings: string[]
  today: string
}

const COLUMNS: { key: string; label: string; end?: boolean }[] = [
  { key: 'nom', label: 'Partenaire' },
  { key: 'transmises', label: 'Transmises', end: true },
  { key: 'converties', label: 'Devis', end: true },
  { key: 'signees', label: 'Signées', end: true },
  { key: 'ca', label: 'CA HT', end: true },
  { key: 'taux', label: 'Taux', end: true },
  { key: 'activite', label: 'Activité' },
]

/**
 * esi/DashboardPro (issue 14 §2): per pro société, the offres transmitted in the period, those
 * esi turned into a devis, those signed, the turnover they brought, the rate, the last activity.
 * Period and sort in the URL.
 */
export default function DashboardPro({ partenaires, query, warnings, today }: DashboardProProps) {
  const path = route('esi.dashboard_pro')
  const fallback = parseSort(PARTENAIRE_DEFAULT_SORT, PARTENAIRE_SORT_KEYS, []).sort
  const sort = parseSort(query.sort, PARTENAIRE_SORT_KEYS, fallback).sort
  const onSort = (key: string) => {
    // One key at a time: a click on the current one reverses it
    const next = toggleSort(sort, key).slice(0, 1)
    router.get(
      path,
      { du: query.du, au: query.au, sort: sortToString(next) },
      { preserveScroll: true }
    )
  }
  const totals = partenaires.reduce(
    (t, p) => ({
      transmises: t.transmises + p.transmises,
      converties: t.converties + p.converties,
      signees: t.signees + p.signees,
      ca: t.ca + p.ca_ht,
    }),
    { transmises: 0, converties: 0, signees: 0, ca: 0 }
  )
  const periode = `du ${formatDate(query.du)} au ${formatDate(query.au)}`
  return (
    <>
      <Head title="Dashboard pro" />
      <PageHeader
        title="Dashboard pro"
        subtitle={`Ce que chaque partenaire a apporté : offres transmises ${periode}`}
        breadcrumb={[{ label: 'Partenaires' }, { label: 'Dashboard pro' }]}
      />
      <div className="content">
        <ListWarnings warnings={warnings} />
        <Block title="Période">
          <PeriodForm
            key={`${query.du}|${query.au}`}
            path={path}
            idPrefix="periode"
            duLabel="Transmises du"
            du={query.du}
            au={query.au}
            today={today}
            extra={{ sort: query.sort }}
          />
        </Block>
        <Block title={`Partenaires (${partenaires.length})`}>
          {partenaires.length === 0 ? (
            <p className="text-body-secondary">Aucune société partenaire pro.</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-hover table-vcenter" data-testid="partenaires">
                <caption className="visually-hidden">Chiffres des partenaires {periode}</caption>
                <thead>
                  <tr>
                    {COLUMNS.map((c) => (
                      <SortHeader
                        key={c.key}
                        label={c.label}
                        sortKey={c.key}
                        sort={sort}
                        onSort={onSort}
                        className={c.end ? 'text-end' : undefined}
                      />
                    ))}
                    <th scope="col" className="text-end" title="Clients apportés">
                      Clients
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {partenaires.map((p) => (
                    <tr key={p.id} data-testid={`partenaire-${p.id}`}>
                      <td>
                        <Link
                          href={route('esi.pro.show', { id: p.id }, { du: query.du, au: query.au })}
                          className="fw-semibold"
                        >
                          {p.nom}
                        </Link>
                      </td>
                      <td className="text-end">{p.transmises}</td>
                      <td className="text-end">{p.converties}</td>
                      <td className="text-end">{p.signees}</td>
                      <td className="text-end text-nowrap">{formatEuros(p.ca_ht)}</td>
                      <td className="text-end">{formatTaux(p.taux)}</td>
                      <td className="text-nowrap">
                        {p.derniere_activite ? formatDate(p.derniere_activite) : '—'}
                      </td>
                      <td className="text-end">{p.clients_apportes}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="fw-semibold">
                    <th scope="row">Total</th>
                    <td className="text-end">{totals.transmises}</td>
                    <td className="text-end">{totals.converties}</td>
                    <td className="text-end">{totals.signees}</td>
                    <td className="text-end text-nowrap">{formatEuros(totals.ca)}</td>
                    <td className="text-end">
                      {formatTaux(totals.transmises ? totals.signees / totals.transmises : null)}
                    </td>
                    <td colSpan={2} />
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          <p className="small text-body-secondary">
            Les offres comptées sont celles transmises à ESI pendant la période ; « Devis » : ESI en
            a fait un devis ; « Signées » : son bon de commande est signé ; le taux est signées ÷
            transmises ; le CA est le total HT de ces bons de commande ; « Activité » : la dernière
            modification d’une de ses offres transmises ; « Clients » : les clients apportés par le
            partenaire.
          </p>
        </Block>
      </div>
    </>
  )
}
