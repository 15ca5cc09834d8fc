import { usePage } from '@inertiajs/react'
import type { SharedProps } from '../../types.js'

/** Page footer (SPEC.md §1): application name, version and copyright year. */
export default function Footer() {
  const { app } = usePage<SharedProps>().props
  return (
    <footer id="page-footer">
      <div className="content content-footer">
        <div className="row g-1 fs-sm">
          <div className="col-sm-6 text-center text-sm-start">
            <span className="fw-semibold">{app.name}</span>{' '}
            <span className="text-muted">version {app.version}</span>
          </div>
          <div className="col-sm-6 text-center text-sm-end text-muted">© {app.copyright}</div>
        </div>
      </div>
    </footer>
  )
}
