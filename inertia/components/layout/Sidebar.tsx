import Brand from './Brand.js'
import NavMenu from './NavMenu.js'
import { layoutStore, useLayout } from '../../lib/layout_store.js'

/** Left (or right) sidebar: brand, mini-mode toggle (desktop), close button (mobile), the menu. */
export default function Sidebar() {
  const mini = useLayout((s) => s.sidebarMini)
  return (
    <aside id="sidebar" aria-label="Navigation">
      <div className="content-header sidebar-header">
        <Brand />
        <div className="sidebar-header-actions">
          <button
            type="button"
            className="btn btn-sm btn-sidebar d-none d-lg-inline-flex sidebar-mini-hide"
            onClick={() => layoutStore.sidebarMini('toggle')}
            title={mini ? 'Déplier le menu' : 'Réduire le menu'}
            aria-label={mini ? 'Déplier le menu' : 'Réduire le menu'}
            aria-pressed={mini}
          >
            <i
              className={mini ? 'bi bi-chevron-double-right' : 'bi bi-chevron-double-left'}
              aria-hidden="true"
            />
          </button>
          <button
            type="button"
            className="btn btn-sm btn-sidebar d-lg-none"
            onClick={() => layoutStore.sidebar('close')}
            aria-label="Fermer le menu"
          >
            <i className="bi bi-x-lg" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="sidebar-scroll">
        <div className="content-side">
          <NavMenu />
        </div>
      </div>
    </aside>
  )
}
