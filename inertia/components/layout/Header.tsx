/*
 * Authenticated header (SPEC.md §2): sidebar toggle, search, notifications, user menu, side-overlay
 * toggle, the mobile search overlay and the header loader.
 */
import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import { effectiveRole } from '../../../shared/roles.js'
import { HeaderSearchButton, HeaderSearchForm, HeaderSearchOverlay } from './HeaderSearch.js'
import NotificationsDropdown from './NotificationsDropdown.js'
import UserDropdown from './UserDropdown.js'
import { layoutStore, useLayout } from '../../lib/layout_store.js'
import { useCurrentUser } from '../../lib/user_store.js'
import type { SharedProps } from '../../types.js'

export interface HeaderProps {
  /** Extra content after the left tools (mega menu, brand of sidebar-less variants). */
  left?: ReactNode
  /** Show the sidebar toggle (hidden by variants without a sidebar). */
  sidebarToggle?: boolean
}

export default function Header({ left, sidebarToggle = true }: HeaderProps) {
  const user = useCurrentUser()
  const { notifications } = usePage<SharedProps>().props
  const { headerLoader, sideOverlay } = useLayout()
  // /recherhce is an esi route: the others would only meet a refusal
  const canSearch = !!user && effectiveRole(user) === 'esi'

  return (
    <header id="page-header">
      <div className="content-header">
        <div className="header-tools">
          {sidebarToggle && (
            <button
              type="button"
              className="btn btn-alt-secondary"
              onClick={() => layoutStore.sidebar('toggle')}
              aria-label="Afficher ou masquer le menu"
              aria-controls="sidebar"
            >
              <i className="bi bi-list" aria-hidden="true" />
            </button>
          )}
          {left}
          {canSearch && (
            <>
              <HeaderSearchButton />
              <HeaderSearchForm />
            </>
          )}
        </div>
        <div className="header-tools">
          {user && <NotificationsDropdown notifications={notifications ?? null} />}
          {user && <UserDropdown user={user} />}
          {sideOverlay && (
            <button
              type="button"
              className="btn btn-alt-secondary"
              onClick={() => layoutStore.sideOverlay('toggle')}
              aria-label="Panneau latéral : paramètres d'affichage"
              aria-controls="side-overlay"
            >
              <i className="bi bi-layout-sidebar-inset-reverse" aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
      {canSearch && <HeaderSearchOverlay />}
      <div
        id="page-header-loader"
        className={`overlay-header${headerLoader ? ' show' : ''}`}
        hidden={!headerLoader}
      >
        <div className="content-header justify-content-center">
          <span className="spinner-border spinner-border-sm text-primary" role="status">
            <span className="visually-hidden">Chargement…</span>
          </span>
        </div>
      </div>
    </header>
  )
}
