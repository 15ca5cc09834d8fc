import { Head, usePage } from '@inertiajs/react'
import type { SharedProps } from '../types.js'
import PageHeader from '../components/layout/PageHeader.js'
import Block from '../components/ui/Block.js'
import { roleLabel } from '../components/dashboard/labels.js'
import { route } from '~/lib/route'

export type AccesTestProps = {
  effectiveRole: string
  areas: { area: string; allowed: boolean }[]
}

// Labels of shared/roles.ts areas (DESIGN.md §4)
const AREA_INFO: Record<string, { label: string; detail: string; icon: string }> = {
  app: { label: 'Espace commun', detail: 'Tableau de bord, profil, sociétés', icon: 'bi bi-house' },
  partner: {
    label: 'Contacts et offres',
    detail: 'Contacts et offres des sociétés partenaires',
    icon: 'bi bi-person-lines-fill',
  },
  esi: {
    label: 'Espace ESI',
    detail: 'Clients, devis, bons de commande, commandes, planning, comptabilité, archive',
    icon: 'bi bi-briefcase',
  },
  admin: {
    label: 'Administration',
    detail:
      'Gestion des utilisateurs et de leurs rôles, suppressions, réglages (droit admin activé)',
    icon: 'bi bi-shield-lock',
  },
}

function RoleCard({
  label,
  value,
  hint,
  highlight,
}: {
  label: string
  value: string
  hint: string
  highlight?: boolean
}) {
  return (
    <div className={`block block-rounded h-100 mb-0 ${highlight ? 'border border-primary' : ''}`}>
      <div className="block-content p-3">
        <div className="small text-uppercase text-body-secondary fw-semibold mb-1">{label}</div>
        <div className={`fs-5 fw-bold ${highlight ? 'text-primary' : ''}`}>{value}</div>
        <div className="small text-body-secondary">{hint}</div>
      </div>
    </div>
  )
}

export default function AccesTest({ effectiveRole, areas }: AccesTestProps) {
  const { user } = usePage<SharedProps>().props
  const allowedCount = areas.filter((a) => a.allowed).length

  return (
    <>
      <Head title="Test d’accès" />

      <PageHeader
        title="Test d’accès"
        subtitle="Ce que votre rôle effectif permet d’ouvrir, tel que le serveur le vérifie."
        breadcrumb={[
          { label: 'Tableau de bord', href: route('app.dashboard') },
          { label: 'Test d’accès' },
        ]}
      />

      <div className="content">
        <div className="row g-3 mb-4">
          <div className="col-md-4">
            <RoleCard
              label="Rôle réel"
              value={roleLabel(user?.role)}
              hint={`role = ${user?.role ?? '—'}`}
            />
          </div>
          <div className="col-md-4">
            <RoleCard
              label="Rôle d’accès"
              value={user?.acces_role ? roleLabel(user.acces_role) : 'Aucun'}
              hint={user?.acces_role ? `acces_role = ${user.acces_role}` : 'acces_role non défini'}
            />
          </div>
          <div className="col-md-4">
            <RoleCard
              label="Rôle effectif"
              value={roleLabel(effectiveRole)}
              hint={user?.droit ? `Droit activé : ${user.droit}` : 'Aucun droit activé'}
              highlight
            />
          </div>
        </div>

        <Block
          title="Espaces de l’application"
          options={
            <span className="badge rounded-pill text-bg-secondary">
              {allowedCount} / {areas.length} accessibles
            </span>
          }
        >
          <div className="table-responsive">
            <table className="table table-striped table-vcenter align-middle mb-3">
              <caption className="small">
                Le rôle effectif est le rôle d’accès s’il est défini, sinon le rôle réel.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Espace</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Contenu
                  </th>
                  <th scope="col" className="text-center" style={{ width: 140 }}>
                    Accès
                  </th>
                </tr>
              </thead>
              <tbody>
                {areas.map(({ area, allowed }) => {
                  const info = AREA_INFO[area] ?? { label: area, detail: '', icon: 'bi bi-folder' }
                  return (
                    <tr key={area}>
                      <th scope="row" className="fw-semibold">
                        <i className={`${info.icon} me-2 text-body-secondary`} aria-hidden="true" />
                        {info.label}
                        <code className="ms-2 small">{area}</code>
                      </th>
                      <td className="d-none d-md-table-cell text-body-secondary">{info.detail}</td>
                      <td className="text-center">
                        {allowed ? (
                          <span className="badge text-bg-success">
                            <i className="bi bi-check-lg me-1" aria-hidden="true" />
                            Autorisé
                          </span>
                        ) : (
                          <span className="badge text-bg-danger">
                            <i className="bi bi-x-lg me-1" aria-hidden="true" />
                            Refusé
                          </span>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </Block>
      </div>
    </>
  )
}
