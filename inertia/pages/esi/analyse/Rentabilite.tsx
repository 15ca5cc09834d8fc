import { Link } from '@inertiajs/react'
import AnalyseFrame from '../../../components/analyse/AnalyseFrame.js'
import AnalyseChartBlock from '../../../components/analyse/AnalyseChartBlock.js'
import { MargeCells, MargeHeaders } from '../../../components/analyse/MargeCells.js'
import Block from '../../../components/ui/Block.js'
import TableScroll from '../../../components/analyse/TableScroll.js'
import { formatDate, formatMoney } from '../../../lib/format.js'
import { formatRate } from '../../../components/devis_list/stats_format.js'
import { NO_COMMERCIAL, type CommercialOption } from '@shared/devis_list'
import type { Rentabilite } from '@shared/analyse'
import { route } from '~/lib/route'

export type RentabiliteProps = {
  rentabilite: Rentabilite
  commercial: string | null
  commerciaux: CommercialOption[]
  warnings: string[]
  today: string
}

const euros = (v: number) => formatMoney(Math.round(v * 100))
const CHART_MAX = 15

function Shown({ shown, total, what }: { shown: number; total: number; what: string }) {
  if (shown >= total) return null
  return (
    <p className="small text-body-secondary">
      {shown} {what} sur {total} affichés ; l’export les contient tous.
    </p>
  )
}

export default function RentabilitePage(props: RentabiliteProps) {
  const r = props.rentabilite
  const t = r.total
  const top = r.produits.filter((p) => p.marge_ht !== null).slice(0, CHART_MAX)
  const kpis = [
    { label: 'Vente HT', value: formatMoney(t.vente_ht) },
    { label: 'Coût d’achat (coût connu)', value: formatMoney(t.cout_ht) },
    { label: 'Marge HT (coût connu)', value: t.marge_ht === null ? '—' : formatMoney(t.marge_ht) },
    { label: 'Taux de marge', value: formatRate(t.taux_marge) },
    { label: 'Vente à coût inconnu', value: formatMoney(t.inconnu_ht) },
  ]
  return (
    <AnalyseFrame
      analyse="rentabilite"
      du={r.du}
      au={r.au}
      today={props.today}
      warnings={props.warnings}
      selects={[
        {
          name: 'commercial',
          label: 'Commercial',
          value: props.commercial ?? '',
          options: [
            { value: '', label: 'Tous' },
            { value: NO_COMMERCIAL, label: 'Sans commercial' },
            ...props.commerciaux.map((c) => ({ value: String(c.id), label: c.nom })),
          ],
        },
      ]}
    >
      <p className="small text-body-secondary">
        Commandes dont le bon de commande a été signé sur la période. Coût = quantité × prix d’achat
        du produit ; une ligne sans produit ou sans prix d’achat est « coût inconnu » et reste hors
        du calcul de la marge.
      </p>
      <div className="row g-3 mb-3" id="analyse-kpis">
        {kpis.map((k) => (
          <div key={k.label} className="col-6 col-md-4 col-xl">
            <dl className="border rounded p-3 h-100 mb-0 bg-body">
              <dt className="small text-body-secondary fw-normal">{k.label}</dt>
              <dd className="fs-5 fw-semibold mb-0">{k.value}</dd>
            </dl>
          </div>
        ))}
      </div>
      <AnalyseChartBlock
        title={`Marge des ${Math.min(CHART_MAX, top.length)} produits les plus vendus (coût connu)`}
        label="vente et marge HT des produits les plus vendus"
        labels={top.map((p) => p.reference ?? p.libelle)}
        datasets={[
          { label: 'Vente HT', data: top.map((p) => p.vente_connue_ht / 100), color: '#0d6efd' },
          { label: 'Marge HT', data: top.map((p) => (p.marge_ht ?? 0) / 100), color: '#198754' },
        ]}
        format={euros}
        horizontal
      />
      <Block title="Par commande (les moins rentables d’abord)">
        <Shown shown={r.commandes.length} total={r.commandes_total} what="commandes" />
        <TableScroll label="Marge par commande">
          <table className="table table-sm table-striped align-middle" id="analyse-table">
            <thead>
              <tr>
                <th scope="col">Commande</th>
                <th scope="col">Client</th>
                <th scope="col">Signée le</th>
                <MargeHeaders />
              </tr>
            </thead>
            <tbody>
              {r.commandes.length === 0 && (
                <tr>
                  <td colSpan={8} className="text-body-secondary">
                    Aucune commande signée sur la période.
                  </td>
                </tr>
              )}
              {r.commandes.map((c) => (
                <tr key={c.commande_id}>
                  <th scope="row" className="fw-normal text-nowrap">
                    <Link href={route('esi.commandes.show', { id: c.commande_id })}>
                      {c.numero}
                    </Link>
                  </th>
                  <td>{c.client_nom}</td>
                  <td className="text-nowrap">{formatDate(c.signe_le)}</td>
                  <MargeCells f={c} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Block>
      <Block title="Par produit">
        <Shown shown={r.produits.length} total={r.produits_total} what="produits" />
        <TableScroll label="Marge par produit">
          <table className="table table-sm table-striped align-middle" id="analyse-produits">
            <thead>
              <tr>
                <th scope="col">Produit</th>
                <th scope="col">Famille</th>
                <th scope="col" className="text-end">
                  Quantité
                </th>
                <MargeHeaders />
              </tr>
            </thead>
            <tbody>
              {r.produits.map((p) => (
                <tr key={p.produit_id ?? 'sans'}>
                  <th scope="row" className="fw-normal">
                    {p.reference && <span className="text-body-secondary me-1">{p.reference}</span>}
                    {p.libelle}
                  </th>
                  <td>{p.famille}</td>
                  <td className="text-end">{p.quantite.toLocaleString('fr-BE')}</td>
                  <MargeCells f={p} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Block>
    </AnalyseFrame>
  )
}
