/*
 * Right-hand panel (SPEC.md §2): user card, display settings and the role switches.
 */
import { useEffect, useRef } from 'react'
import { Link } from '@inertiajs/react'
import { effectiveRole } from '../../../shared/roles.js'
import RoleSwitches from '../account/RoleSwitches.js'
import LayoutSettings from './LayoutSettings.js'
import { roleLabel } from './role_labels.js'
import Avatar from '../ui/Avatar.js'
import { layoutStore, useLayout } from '../../lib/layout_store.js'
import { useCurrentUser } from '../../lib/user_store.js'
import { route } from '~/lib/route'

export default function SideOverlay() {
  const user = useCurrentUser()
  const open = useLayout((s) => s.sideOverlayVisible)
  const closeButton = useRef<HTMLButtonElement>(null)

  // Keyboard users land in the panel when it opens
  useEffect(() => {
    if (open) closeButton.current?.focus({ preventScroll: true })
  }, [open])

  return (
    <aside id="side-overlay" aria-label="Panneau latéral" aria-hidden={!open} inert={!open}>
      <div className="content-header side-overlay-header">
        {user && (
          <div className="d-flex align-items-center gap-2 min-w-0">
            <Avatar src={user.gravatar} name={user.name} initials={user.initials} size={36} />
            <div className="min-w-0">
              <div className="fw-semibold text-truncate">{user.name}</div>
              <div className="fs-xs text-muted text-truncate">{roleLabel(effectiveRole(user))}</div>
            </div>
          </div>
        )}
        <button
          ref={closeButton}
          type="button"
          className="btn btn-sm btn-alt-danger ms-auto"
          onClick={() => layoutStore.sideOverlay('close')}
          aria-label="Fermer le panneau"
        >
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      </div>
      <div className="side-overlay-scroll">
        <div className="content-side">
          {user && (
            <div className="side-card">
              <div className="fs-sm text-muted text-truncate">{user.email}</div>
              <div className="d-flex gap-2 mt-2">
                <Link href={route('app.profile')} className="btn btn-sm btn-alt-primary">
                  <i className="bi bi-person-circle me-1" aria-hidden="true" />
                  Profil
                </Link>
              </div>
            </div>
          )}
          <section className="side-section">
            <h2 className="side-section-title">Paramètres d&apos;affichage</h2>
            <LayoutSettings />
          </section>
          {/* Hidden by CSS while RoleSwitches renders nothing (no switch granted) */}
          <section className="side-section">
            <h2 className="side-section-title">Rôle et accès</h2>
            <div className="side-section-body">
              <RoleSwitches />
            </div>
          </section>
        </div>
      </div>
    </aside>
  )
}
