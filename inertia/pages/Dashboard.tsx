import { Head, usePage } from '@inertiajs/react'
import type { SharedProps } from '../types.js'
import SocietesBlock, { type DashboardSociete } from '../components/dashboard/SocietesBlock.js'
import NotificationsBlock from '../components/dashboard/NotificationsBlock.js'
import Shortcuts from '../components/dashboard/Shortcuts.js'
import { shortcutSections } from '../components/dashboard/shortcut_sections.js'
import PageHeader from '../components/layout/PageHeader.js'
import { roleLabel } from '../components/dashboard/labels.js'
import ComptaFigures, { type ComptaFiguresData } from '../components/dashboard/ComptaFigures.js'
import StaffFigures from '../components/dashboard/StaffFigures.js'
import ProFigures from '../components/dashboard/ProFigures.js'
import type {
  ProFigures as ProFiguresData,
  StaffFigures as StaffFiguresData,
} from '@shared/dashboard'

export type DashboardProps = {
  societes: DashboardSociete[]
  /** Staff only (null for anyone else): the money figures of issue 11 §6. */
  compta: ComptaFiguresData | null
  /** Staff only: the figures of the day (issue 14 §2). */
  figures: StaffFiguresData | null
  /** A pro (effective role) only: his sociétés' offres and what became of them. */
  pro: ProFiguresData | null
}

function greeting(date = new Date()): string {
  return date.getHours() >= 18 ? 'Bonsoir' : 'Bonjour'
}

export default function Dashboard({ societes, compta, figures, pro }: DashboardProps) {
  const { user, notifications, app } = usePage<SharedProps>().props
  // The dashboard is behind auth; the guard keeps the page safe if it is ever rendered without one
  const sections = user ? shortcutSections(user, app?.adminUrl) : []
  const viewingAs = user && user.acces_role && user.effective_role !== user.role

  return (
    <>
      <Head title="Tableau de bord" />

      <PageHeader
        title={`${greeting()}, ${user?.name ?? 'bienvenue'}`}
        subtitle={
          <>
            Vous êtes connecté en tant que{' '}
            <span className="badge text-bg-primary">{roleLabel(user?.effective_role)}</span>
            {user?.droit === 'admin' && (
              <span className="badge text-bg-danger ms-1">
                <i className="bi bi-shield-lock me-1" aria-hidden="true" />
                Administrateur
              </span>
            )}
            {viewingAs && (
              <span className="d-block text-warning-emphasis mt-1">
                <i className="bi bi-eye me-1" aria-hidden="true" />
                Vous voyez l’application avec le rôle « {roleLabel(user.effective_role)} » (rôle
                réel : {roleLabel(user.role)}).
              </span>
            )}
          </>
        }
        breadcrumb={[{ label: 'Application' }, { label: 'Tableau de bord' }]}
      />

      <div className="content">
        {figures && <StaffFigures figures={figures} />}
        {compta && <ComptaFigures figures={compta} />}
        {pro && <ProFigures figures={pro} />}
        <div className="row g-4 mb-4">
          <div className="col-lg-6">
            <SocietesBlock societes={societes} />
          </div>
          <div className="col-lg-6">
            <NotificationsBlock
              items={notifications?.items ?? []}
              unread={notifications?.unread ?? 0}
            />
          </div>
        </div>

        {sections.length > 0 && (
          <>
            <h2 className="h4 fw-bold mb-3">Raccourcis</h2>
            <Shortcuts sections={sections} />
          </>
        )}
      </div>
    </>
  )
}
