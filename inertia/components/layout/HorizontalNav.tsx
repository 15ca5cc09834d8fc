import { useState } from 'react'
import { usePage } from '@inertiajs/react'
import NavMenu from './NavMenu.js'

/** Landing variant: the menu as a horizontal hover bar on wide screens, a collapsible list below. */
export default function HorizontalNav() {
  const url = usePage().url
  // Open for the page it was opened on: a visit folds it again
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === url
  return (
    <div className="horizontal-nav">
      <div className="content py-2">
        <button
          type="button"
          className="btn btn-alt-secondary w-100 d-lg-none d-flex justify-content-between align-items-center"
          aria-expanded={open}
          aria-controls="horizontal-nav-menu"
          onClick={() => setOpenOn(open ? null : url)}
        >
          Menu
          <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
        </button>
        <div id="horizontal-nav-menu" className={`horizontal-nav-menu${open ? ' show' : ''}`}>
          <NavMenu horizontal hover />
        </div>
      </div>
    </div>
  )
}
