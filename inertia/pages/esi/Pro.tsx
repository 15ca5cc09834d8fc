import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import ListWarnings from '../../components/list/ListWarnings.js'
import StatCard from '../../components/dashboard/StatCard.js'
import OffresSuiviTable from '../../components/dashboard/OffresSuiviTable.js'
import { MEMBER_ROLE_LABELS } from '../../components/dashboard/labels.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import { route } from '~/lib/route'
import { formatEuros } from '@shared/totals'
import { formatTaux, type OffreSuivi, type PartenaireFigures } from '@shared/dashboard'

export type ProProps = {
  societe: {
    id: number
    nom: string
    email: string | null
    telephone: string | null
    localite: string | null
    remise_partenaire_pct: number
  }
  figures: PartenaireFigures
  membres: { id: number; name: string; role: string }[]
  offres: OffreSuivi[]
  query: { du: string; au: string }
  warnings: string[]
}

/** esi/Pro (issue 14 §2): one partner — its figures, its users, its offres and their devis. */
export default function Pro({ societe, figures, membres, offres, query, warnings }: ProProps) {
  const periode = `du ${formatDate(query.du)} au ${formatDate(query.au)}`
  const cards = [
    { label: 'Offres transmises', value: String(figures.transmises), icon: 'bi bi-send' },
    { label: 'Devenues devis', value: String(figures.converties), icon: 'bi bi-file-text' },
    { label: 'Signées', value: String(figures.signees), icon: 'bi bi-pen' },
    { label: 'CA apporté (HT)', value: formatEuros(figures.ca_ht), icon: 'bi bi-cash-stack' },
    { label: 'Taux de signature', value: formatTaux(figures.taux), icon: 'bi bi-percent' },
  ]
  return (
    <>
      <Head title={`Partenaire ${societe.nom}`} />
      <PageHeader
        title={societe.nom}
        subtitle={`Partenaire pro · offres transmises ${periode}`}
        breadcrumb={[
          { label: 'Partenaires' },
          {
            label: 'Dashboard pro',
            href: route('esi.dashboard_pro', {}, { du: query.du, au: query.au }),
          },
          { label: societe.nom },
        ]}
      />
      <div className="content">
        <ListWarnings warnings={warnings} />
        <div className="row g-3 mb-4">
          {cards.map((c) => (
            <div className="col-6 col-lg" key={c.label} data-testid="pro-figure">
              <StatCard label={c.label} value={c.value} icon={c.icon} />
            </div>
          ))}
        </div>
        <div className="row g-4">
          <div className="col-lg-4">
            <Block title="La société">
              <dl className="mb-3">
                <dt>Localité</dt>
                <dd>{societe.localite ?? '—'}</dd>
                <dt>E-mail</dt>
                <dd>{societe.email ?? '—'}</dd>
                <dt>Téléphone</dt>
                <dd>{societe.telephone ?? '—'}</dd>
                <dt>Remise partenaire</dt>
                <dd>{societe.remise_partenaire_pct.toLocaleString('fr-BE')} %</dd>
                <dt>Clients apportés</dt>
                <dd>{figures.clients_apportes}</dd>
                <dt>Dernière activité</dt>
                <dd>
                  {figures.derniere_activite ? formatDateTime(figures.derniere_activite) : '—'}
                </dd>
              </dl>
            </Block>
            <Block title={`Utilisateurs (${membres.length})`}>
              {membres.length === 0 ? (
                <p className="text-body-secondary">Aucun utilisateur.</p>
              ) : (
                <ul className="list-unstyled mb-3" data-testid="pro-membres">
                  {membres.map((m) => (
                    <li key={m.id} className="mb-1">
                      <i className="bi bi-person me-1" aria-hidden="true" />
                      {m.name}{' '}
                      <span className="badge text-bg-secondary">
                        {MEMBER_ROLE_LABELS[m.role] ?? m.role}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Block>
          </div>
          <div className="col-lg-8">
            <Block
              title="Dernières offres"
              options={
                <Link href={route('esi.dashboard_pro')} className="btn btn-sm btn-alt-secondary">
                  Tous les partenaires
                </Link>
              }
            >
              <OffresSuiviTable
                offres={offres}
                staff
                caption={`Dernières offres de ${societe.nom} et leur devis`}
              />
            </Block>
          </div>
        </div>
      </div>
    </>
  )
}
