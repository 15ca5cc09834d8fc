import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import StepFilters, {
  type StepFilterOptions,
  type StepFilterValues,
} from '../../../components/commande_fournisseur/StepFilters.js'
import CfStatutBadge from '../../../components/commande_fournisseur/CfStatutBadge.js'
import { confirm } from '../../../lib/dialogs/index.js'
import { formatDate } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import { formatEuros } from '@shared/totals'
import { ETAPE_STATUT_LABELS, type EtapeStatut } from '@shared/commande_etapes'
import type { CfRow } from '@shared/commandes_fournisseur'

export type ProductionIndexProps = {
  aCommander: {
    total: number
    rows: {
      id: number
      numero: string
      client_nom: string
      objet: string
      mesure_validee_le: string | null
      etape_statut: EtapeStatut
      a_preparer: number
      brouillons: CfRow[]
    }[]
  }
  envoyees: { total: number; rows: (CfRow & { lignes_attendues: number })[] }
  today: string
  filters: StepFilterValues
  warnings: string[]
  options: StepFilterOptions
}

/**
 * esi/production Index, labelled Approvisionnement (issue 12 §3, §6): the commandes whose gate is
 * open and that wait to be ordered (oldest validated sheet first), with their drafts to tick and
 * send together; then the sent orders, late against the confirmed date first.
 */
export default function ProductionIndex({
  aCommander,
  envoyees,
  filters,
  warnings,
  options,
}: ProductionIndexProps) {
  const drafts = aCommander.rows.flatMap((r) => r.brouillons)
  const [checked, setChecked] = useState<Set<number>>(() => new Set())
  const [busy, setBusy] = useState(false)

  function toggle(id: number) {
    setChecked((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  async function envoyer() {
    if (!checked.size) return
    const ok = await confirm({
      title: `Envoyer ${checked.size} commande${checked.size > 1 ? 's' : ''} fournisseur ?`,
      text: 'Chaque brouillon coché reçoit son numéro et part par e-mail à son fournisseur, avec son PDF.',
      confirmText: 'Envoyer',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.production.envoyer'),
      { ids: [...checked] },
      {
        preserveScroll: true,
        onStart: () => setBusy(true),
        onFinish: () => setBusy(false),
        onSuccess: () => setChecked(new Set()),
      }
    )
  }

  return (
    <>
      <Head title="Approvisionnement" />
      <PageHeader
        title="Approvisionnement"
        subtitle="Commandes fournisseur à préparer, à envoyer et à suivre"
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: 'Approvisionnement' },
        ]}
      />
      <div className="content">
        {warnings.length > 0 && (
          <div className="alert alert-warning" role="status">
            {warnings.join(' ')}
          </div>
        )}
        <StepFilters
          url={route('esi.production.index')}
          filters={filters}
          options={options}
          periodLabel="date de validation du mesurage (à commander), date de livraison confirmée (envoyées)"
        />
        <Block title={`À commander (${aCommander.total})`}>
          {aCommander.rows.length === 0 ? (
            <p className="text-body-secondary mb-0" data-testid="a-commander-vide">
              Rien n’attend d’être commandé.
            </p>
          ) : (
            <>
              <div className="table-responsive">
                <table className="table table-sm align-middle" aria-label="À commander">
                  <thead className="table-light">
                    <tr>
                      <th scope="col" style={{ width: '2.5rem' }}>
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label="Cocher tous les brouillons"
                          checked={drafts.length > 0 && checked.size === drafts.length}
                          onChange={() =>
                            setChecked(
                              checked.size === drafts.length
                                ? new Set()
                                : new Set(drafts.map((d) => d.id))
                            )
                          }
                        />
                      </th>
                      <th scope="col">Commande</th>
                      <th scope="col">Fournisseur</th>
                      <th scope="col" className="text-end d-none d-sm-table-cell">
                        Total HT
                      </th>
                      <th scope="col" className="d-none d-md-table-cell">
                        Mesurage validé
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {aCommander.rows.map((c) => (
                      <CommandeRows key={c.id} c={c} checked={checked} toggle={toggle} />
                    ))}
                  </tbody>
                </table>
              </div>
              <button
                type="button"
                className="btn btn-primary"
                onClick={envoyer}
                disabled={busy || checked.size === 0}
                data-testid="cf-envoyer-groupe"
              >
                <i className="bi bi-send me-1" aria-hidden="true" />
                Envoyer les commandes cochées ({checked.size})
              </button>
            </>
          )}
        </Block>
        <Block title={`Envoyées, en attente (${envoyees.total})`}>
          {envoyees.rows.length === 0 ? (
            <p className="text-body-secondary mb-0">Aucune commande fournisseur en attente.</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm table-hover align-middle" aria-label="Envoyées">
                <thead className="table-light">
                  <tr>
                    <th scope="col">N°</th>
                    <th scope="col">Fournisseur</th>
                    <th scope="col" className="d-none d-md-table-cell">
                      Commande
                    </th>
                    <th scope="col">Livraison</th>
                    <th scope="col" className="text-end d-none d-sm-table-cell">
                      Total HT
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {envoyees.rows.map((cf) => (
                    <tr
                      key={cf.id}
                      className={cf.en_retard ? 'table-danger' : undefined}
                      data-testid="cf-envoyee"
                    >
                      <td className="text-nowrap">
                        <Link href={route('esi.production.show', { commandeId: cf.commande_id })}>
                          {cf.numero}
                        </Link>
                        <div>
                          <CfStatutBadge statut={cf.statut} retard={cf.en_retard} />
                        </div>
                      </td>
                      <td>{cf.fournisseur_nom}</td>
                      <td className="d-none d-md-table-cell">
                        {cf.commande_numero}
                        <div className="small text-body-secondary">{cf.client_nom}</div>
                      </td>
                      <td className="text-nowrap">
                        {cf.date_livraison_confirmee ? (
                          formatDate(cf.date_livraison_confirmee)
                        ) : (
                          <span className="text-body-secondary">non confirmée</span>
                        )}
                      </td>
                      <td className="text-end text-nowrap d-none d-sm-table-cell">
                        {formatEuros(cf.total_ht)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Block>
      </div>
    </>
  )
}

function CommandeRows({
  c,
  checked,
  toggle,
}: {
  c: ProductionIndexProps['aCommander']['rows'][number]
  checked: Set<number>
  toggle: (id: number) => void
}) {
  const head = (
    <>
      <Link href={route('esi.production.show', { commandeId: c.id })} className="fw-semibold">
        {c.numero}
      </Link>
      <div className="small text-body-secondary">{c.client_nom}</div>
      <span className="badge text-bg-light">{ETAPE_STATUT_LABELS[c.etape_statut]}</span>
    </>
  )
  return (
    <>
      {c.brouillons.map((d, i) => (
        <tr key={d.id} data-testid="cf-brouillon">
          <td>
            <input
              type="checkbox"
              className="form-check-input"
              aria-label={`Envoyer le brouillon pour ${d.fournisseur_nom} (${c.numero})`}
              checked={checked.has(d.id)}
              onChange={() => toggle(d.id)}
            />
          </td>
          <td>{i === 0 ? head : null}</td>
          <td>
            {d.fournisseur_nom}
            {!d.fournisseur_email && <div className="small text-danger">pas d’adresse e-mail</div>}
          </td>
          <td className="text-end text-nowrap d-none d-sm-table-cell">{formatEuros(d.total_ht)}</td>
          <td className="d-none d-md-table-cell">
            {i === 0 && c.mesure_validee_le ? formatDate(c.mesure_validee_le) : ''}
          </td>
        </tr>
      ))}
      {c.a_preparer > 0 && (
        <tr data-testid="cf-a-preparer">
          <td />
          <td>{c.brouillons.length === 0 ? head : null}</td>
          <td colSpan={2}>
            <Link
              href={route('esi.production.show', { commandeId: c.id })}
              className="btn btn-sm btn-alt-primary"
            >
              Préparer ({c.a_preparer} ligne{c.a_preparer > 1 ? 's' : ''})
            </Link>
          </td>
          <td className="d-none d-md-table-cell">
            {c.brouillons.length === 0 && c.mesure_validee_le
              ? formatDate(c.mesure_validee_le)
              : ''}
          </td>
        </tr>
      )}
    </>
  )
}
