import { pageWindow, PER_PAGE_CHOICES, type PageMeta } from '@shared/list_params'

export interface ListPaginationProps {
  meta: PageMeta
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
  /** "contacts", "sociétés"… for "1–25 sur 130 contacts". */
  noun: string
}

/** Page links, rows per page and "1–25 sur 130" under a server-side list. */
export default function ListPagination({ meta, onPage, onPerPage, noun }: ListPaginationProps) {
  const pages = pageWindow(meta.current_page, meta.last_page)
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mt-3">
      <div className="d-flex align-items-center gap-2 small text-body-secondary">
        <span aria-live="polite">
          {meta.total === 0
            ? `0 ${noun}`
            : `${meta.from}–${meta.to} sur ${meta.total.toLocaleString('fr-BE')} ${noun}`}
        </span>
        <label htmlFor="per_page" className="ms-2">
          Par page
        </label>
        <select
          id="per_page"
          className="form-select form-select-sm w-auto"
          value={meta.per_page}
          onChange={(e) => onPerPage(Number(e.target.value))}
        >
          {PER_PAGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {meta.last_page > 1 && (
        <nav aria-label="Pagination">
          <ul className="pagination pagination-sm mb-0">
            <li className={`page-item ${meta.current_page <= 1 ? 'disabled' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPage(meta.current_page - 1)}
                disabled={meta.current_page <= 1}
                aria-label="Page précédente"
              >
                <i className="bi bi-chevron-left" aria-hidden="true" />
              </button>
            </li>
            {pages.map((page, i) =>
              page === null ? (
                <li key={`gap-${i}`} className="page-item disabled">
                  <span className="page-link">…</span>
                </li>
              ) : (
                <li
                  key={page}
                  className={`page-item ${page === meta.current_page ? 'active' : ''}`}
                >
                  <button
                    type="button"
                    className="page-link"
                    onClick={() => onPage(page)}
                    aria-current={page === meta.current_page ? 'page' : undefined}
                  >
                    {page}
                  </button>
                </li>
              )
            )}
            <li className={`page-item ${meta.current_page >= meta.last_page ? 'disabled' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => onPage(meta.current_page + 1)}
                disabled={meta.current_page >= meta.last_page}
                aria-label="Page suivante"
              >
                <i className="bi bi-chevron-right" aria-hidden="true" />
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  )
}
