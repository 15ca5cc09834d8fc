/** Page numbers of the gallery and the portfolio (previous, « page n / m », next), as links. */
import { Link } from '@inertiajs/react'

export default function PagesNav({
  page,
  pages,
  href,
}: {
  page: number
  pages: number
  href: (page: number) => string
}) {
  if (pages <= 1) return null
  return (
    <nav
      aria-label="Pagination"
      className="d-flex justify-content-center align-items-center gap-2 my-3"
    >
      {page > 1 ? (
        <Link
          className="btn btn-sm btn-outline-secondary"
          href={href(page - 1)}
          preserveScroll={false}
        >
          <i className="bi bi-chevron-left" aria-hidden="true" /> Précédente
        </Link>
      ) : null}
      <span className="small text-body-secondary">
        Page {page} / {pages}
      </span>
      {page < pages ? (
        <Link className="btn btn-sm btn-outline-secondary" href={href(page + 1)}>
          Suivante <i className="bi bi-chevron-right" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  )
}
