import { DEVIS_STATUT_LABELS } from '@shared/devis'
import type { DevisStats } from '@shared/devis_list'
import { formatMoney } from '../../lib/format.js'
import StatutBadge from './StatutBadge.js'
import { formatDays, formatRate, monthLabel } from './stats_format.js'

/** The key figures of the period: conversion, acceptance and delay. */
export function StatsKpis({ stats }: { stats: DevisStats }) {
  const c = stats.conversion
  const kpis = [
    { label: 'Devis envoyés', value: String(c.envoyes), icon: 'bi-send' },
    {
      label: 'Taux de conversion',
      value: formatRate(c.taux_conversion),
      icon: 'bi-graph-up-arrow',
      help: 'acceptés / (acceptés + refusés + expirés)',
    },
    {
      label: 'Taux d’acceptation',
      value: formatRate(c.taux_acceptation),
      icon: 'bi-check2-circle',
      help: 'acceptés / envoyés',
    },
    {
      label: 'Délai moyen d’acceptation',
      value: formatDays(c.delai_moyen_jours),
      icon: 'bi-hourglass-split',
      help: 'de l’envoi à l’acceptation',
    },
    { label: 'Montant accepté HT', value: formatMoney(c.montant_accepte_ht), icon: 'bi-cash-coin' },
  ]
  return (
    <div className="row g-3 mb-0" id="stats-kpis">
      {kpis.map((k) => (
        <div key={k.label} className="col-6 col-md-4 col-xl">
          <dl className="border rounded p-3 h-100 mb-0">
            <dt className="small text-body-secondary fw-normal">
              <i className={`bi ${k.icon} me-1`} aria-hidden="true" />
              {k.label}
            </dt>
            <dd className="fs-4 fw-semibold mb-0">{k.value}</dd>
            {k.help && <dd className="small text-body-secondary mb-0">{k.help}</dd>}
          </dl>
        </div>
      ))}
    </div>
  )
}

export function StatutTable({ stats }: { stats: DevisStats }) {
  const total = stats.par_statut.reduce(
    (acc, s) => ({
      nombre: acc.nombre + s.nombre,
      ht: acc.ht + s.total_ht,
      ttc: acc.ttc + s.total_ttc,
    }),
    { nombre: 0, ht: 0, ttc: 0 }
  )
  return (
    <div className="table-responsive">
      <table className="table table-sm table-vcenter mb-0" id="stats-statut">
        <caption className="caption-top small">
          Devis datés dans la période, par statut actuel
        </caption>
        <thead>
          <tr>
            <th scope="col">Statut</th>
            <th scope="col" className="text-end">
              Nombre
            </th>
            <th scope="col" className="text-end">
              Total HT
            </th>
            <th scope="col" className="text-end">
              Total TVAC
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.par_statut.map((s) => (
            <tr key={s.statut} data-statut={s.statut}>
              <th scope="row" className="fw-normal">
                <StatutBadge statut={s.statut} />
                <span className="visually-hidden"> {DEVIS_STATUT_LABELS[s.statut]}</span>
              </th>
              <td className="text-end">{s.nombre}</td>
              <td className="text-end text-nowrap">{formatMoney(s.total_ht)}</td>
              <td className="text-end text-nowrap">{formatMoney(s.total_ttc)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            <td className="text-end">{total.nombre}</td>
            <td className="text-end text-nowrap">{formatMoney(total.ht)}</td>
            <td className="text-end text-nowrap">{formatMoney(total.ttc)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

export function MonthTable({ stats }: { stats: DevisStats }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-vcenter mb-0" id="stats-mois">
        <caption className="caption-top small">
          Par mois (heure de Bruxelles) : devis datés, envoyés et acceptés dans le mois
        </caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col" className="text-end">
              Créés
            </th>
            <th scope="col" className="text-end">
              Envoyés
            </th>
            <th scope="col" className="text-end">
              Montant envoyé HT
            </th>
            <th scope="col" className="text-end">
              Acceptés
            </th>
            <th scope="col" className="text-end">
              Montant accepté HT
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.par_mois.map((m) => (
            <tr key={m.mois} data-mois={m.mois}>
              <th scope="row" className="fw-normal text-nowrap">
                {monthLabel(m.mois)}
              </th>
              <td className="text-end">{m.crees}</td>
              <td className="text-end">{m.envoyes}</td>
              <td className="text-end text-nowrap">{formatMoney(m.montant_envoye_ht)}</td>
              <td className="text-end">{m.acceptes}</td>
              <td className="text-end text-nowrap">{formatMoney(m.montant_accepte_ht)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function CommercialTable({ stats }: { stats: DevisStats }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-vcenter mb-0" id="stats-commerciaux">
        <caption className="caption-top small">
          Créés = datés dans la période ; les autres colonnes portent sur les devis envoyés dans la
          période
        </caption>
        <thead>
          <tr>
            <th scope="col">Commercial</th>
            <th scope="col" className="text-end">
              Créés
            </th>
            <th scope="col" className="text-end">
              Envoyés
            </th>
            <th scope="col" className="text-end">
              Acceptés
            </th>
            <th scope="col" className="text-end">
              Montant accepté HT
            </th>
            <th scope="col" className="text-end">
              Conversion
            </th>
            <th scope="col" className="text-end">
              Délai moyen
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.par_commercial.map((c) => (
            <tr key={c.commercial_id ?? 'aucun'}>
              <th scope="row" className="fw-normal">
                {c.nom}
              </th>
              <td className="text-end">{c.crees}</td>
              <td className="text-end">{c.envoyes}</td>
              <td className="text-end">{c.acceptes}</td>
              <td className="text-end text-nowrap">{formatMoney(c.montant_accepte_ht)}</td>
              <td className="text-end">{formatRate(c.taux_conversion)}</td>
              <td className="text-end text-nowrap">{formatDays(c.delai_moyen_jours)}</td>
            </tr>
          ))}
          {stats.par_commercial.length === 0 && (
            <tr>
              <td colSpan={7} className="text-center text-body-secondary py-3">
                Aucun devis sur la période.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
