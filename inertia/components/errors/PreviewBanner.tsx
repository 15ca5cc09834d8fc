import { Link } from '@inertiajs/react'
import { PREVIEW_CODES } from './status_info.js'
import { route } from '~/lib/route'

/** Shown on /preview/errors/*: says it is a demonstration and lets staff flip through the codes. */
export default function PreviewBanner({ current }: { current: number }) {
  return (
    <div
      className="alert alert-info d-flex flex-column flex-sm-row align-items-sm-center gap-2 text-start w-100 mb-5"
      role="note"
    >
      <span className="flex-grow-1">
        <i className="bi bi-eye me-2" aria-hidden="true" />
        <strong>Aperçu</strong> — page d’erreur de démonstration, aucune erreur réelle.
      </span>
      <nav aria-label="Autres pages d’erreur" className="d-flex flex-wrap gap-1">
        {PREVIEW_CODES.map((code) => (
          <Link
            key={code}
            href={route('preview.errors', { code })}
            className={`btn btn-sm ${code === current ? 'btn-info' : 'btn-outline-info'}`}
            aria-current={code === current ? 'page' : undefined}
          >
            {code}
          </Link>
        ))}
      </nav>
    </div>
  )
}
