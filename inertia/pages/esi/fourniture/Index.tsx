import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import StepFilters, {
  type StepFilterOptions,
  type StepFilterValues,
} from '../../../components/commande_fournisseur/StepFilters.js'
import CfStatutBadge from '../../../components/commande_fournisseur/CfStatutBadge.js'
import { formatDate } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import type { CfRow } from '@shared/commandes_fournisseur'

export type FournitureIndexProps = {
  attendues: { total: number; rows: (CfRow & { lignes_attendues: number })[] }
  today: string
  filters: StepFilterValues
  warnings: string[]
  options: StepFilterOptions
}

/**
 * esi/fourniture Index (issue 12 §4, §6): the goods expected from suppliers, per supplier, late
 * against the confirmed date first; each row opens the commande's receiving page.
 */
export default function FournitureIndex({
  attendues,
  filters,
  warnings,
  options,
}: FournitureIndexProps) {
  // Grouped per supplier, the groups in the order of their most urgent row (late first)
  const groups: { id: number; nom: string; rows: FournitureIndexProps['attendues']['rows'] }[] = []
  for (const row of attendues.rows) {
    let g = groups.find((x) => x.id === row.fournisseur_id)
    if (!g) groups.push((g = { id: row.fournisseur_id, nom: row.fournisseur_nom, rows: [] }))
    g.rows.push(row)
  }
  const late = attendues.rows.filter((r) => r.en_retard).length
  return (
    <>
      <Head title="Fourniture" />
      <PageHeader
        title="Fourniture"
        subtitle={`Marchandise attendue des fournisseurs${late ? ` — ${late} en retard` : ''}`}
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: 'Fourniture' },
        ]}
      />
      <div className="content">
        {warnings.length > 0 && (
          <div className="alert alert-warning" role="status">
            {warnings.join(' ')}
          </div>
        )}
        <StepFilters
          url={route('esi.fourniture.index')}
          filters={filters}
          options={options}
          periodLabel="date de livraison confirmée"
        />
        {groups.length === 0 && (
          <p className="text-body-secondary" data-testid="fourniture-vide">
            Aucune marchandise attendue.
          </p>
        )}
        {groups.map((g) => (
          <Block key={g.id} title={`${g.nom} (${g.rows.length})`}>
            <ul className="list-group list-group-flush">
              {g.rows.map((cf) => (
                <li
                  key={cf.id}
                  className={`list-group-item px-0 d-flex justify-content-between align-items-center gap-2 ${cf.en_retard ? 'list-group-item-danger' : ''}`}
                  data-testid="cf-attendue"
                >
                  <div>
                    <Link
                      href={route('esi.fourniture.show', { commandeId: cf.commande_id })}
                      className="fw-semibold"
                    >
                      {cf.numero}
                    </Link>{' '}
                    <CfStatutBadge statut={cf.statut} retard={cf.en_retard} />
                    <div className="small text-body-secondary">
                      {cf.commande_numero} — {cf.client_nom}
                    </div>
                  </div>
                  <div className="text-end small text-nowrap">
                    {cf.date_livraison_confirmee
                      ? formatDate(cf.date_livraison_confirmee)
                      : 'non confirmée'}
                    <div className="text-body-secondary">
                      {cf.lignes_attendues} ligne{cf.lignes_attendues > 1 ? 's' : ''} attendue
                      {cf.lignes_attendues > 1 ? 's' : ''}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </Block>
        ))}
      </div>
    </>
  )
}
