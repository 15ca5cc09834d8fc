/*
 * Authenticated layout (SPEC.md §2): header, sidebar, side overlay, footer, page overlay. Persistent
 * (one instance across visits) so the sidebar keeps its state; variants adjust it per page.
 */
import type { ReactNode } from 'react'
import Brand from '../components/layout/Brand.js'
import Footer from '../components/layout/Footer.js'
import Header from '../components/layout/Header.js'
import HorizontalNav from '../components/layout/HorizontalNav.js'
import MegaMenu from '../components/layout/MegaMenu.js'
import SideOverlay from '../components/layout/SideOverlay.js'
import Sidebar from '../components/layout/Sidebar.js'
import { containerClasses, useLayout, type LayoutState } from '../lib/layout_store.js'
import { useFlashToasts } from '../lib/toast.js'
import { useCurrentUser } from '../lib/user_store.js'
import {
  closeOverlays,
  useEscapeCloses,
  useLayoutOverrides,
  useLayoutStart,
} from './use_layout_shell.js'

/** SPEC.md §2 variants of the main layout. */
export type MainVariant = 'backend' | 'boxed' | 'mega-menu' | 'mini-nav' | 'landing'

export const VARIANT_SETTINGS: Record<MainVariant, Partial<LayoutState>> = {
  backend: {},
  boxed: { mainContent: 'boxed' },
  'mini-nav': { sidebarMini: true },
  'mega-menu': { sidebar: false },
  landing: { sidebar: false, headerFixed: false, mainContent: 'boxed' },
}

export interface MainLayoutProps {
  children: ReactNode
  variant?: MainVariant
}

export default function MainLayout({ children, variant = 'backend' }: MainLayoutProps) {
  useLayoutStart()
  useFlashToasts()
  // Fetches GET /api/user on first mount when the user is not loaded yet (SPEC.md §4)
  useCurrentUser()
  useEscapeCloses()
  useLayoutOverrides(VARIANT_SETTINGS[variant] ?? {})
  const state = useLayout()

  let headerLeft: ReactNode = null
  if (variant === 'mega-menu') headerLeft = <MegaMenu />
  if (variant === 'landing') headerLeft = <Brand className="header-brand" />

  return (
    <div id="page-container" className={containerClasses(state).join(' ')}>
      {state.sideOverlay && <SideOverlay />}
      {state.sidebar && <Sidebar />}
      {state.header && <Header left={headerLeft} sidebarToggle={state.sidebar} />}
      <main id="main-container">
        {variant === 'landing' && <HorizontalNav />}
        {children}
      </main>
      {state.footer && <Footer />}
      <div id="page-overlay" aria-hidden="true" onClick={closeOverlays} />
      {state.pageLoader && (
        <div id="page-loader" className="show" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">Chargement…</span>
        </div>
      )}
    </div>
  )
}
