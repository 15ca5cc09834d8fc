import type { ListPage, ListPosition } from '@shared/list_query'

export interface PagerProps {
  page: ListPage<unknown>
  onNavigate: (position: ListPosition) => void
  /** "client", "produit": the noun counted; [singular, plural] when the plural is irregular. */
  noun: string | [string, string]
}

const number = new Intl.NumberFormat('fr-BE')

/** The count of matching rows as the server gave it: exact, or an estimate (« environ »). */
export function totalText(
  total: ListPage<unknown>['total'],
  noun: string | [string, string]
): string {
  // "devis", "prix": French nouns in -s / -x do not change in the plural
  const [one, many] = Array.isArray(noun) ? noun : [noun, /[sx]$/.test(noun) ? noun : `${noun}s`]
  if (total.exact) return `${number.format(total.count)} ${total.count > 1 ? many : one}`
  // Past about 5 000 rows the server gives the planner's estimate, not a count
  return `environ ${number.format(total.count)} ${many}`
}

/** Keyset navigation: first, previous, next, last (no page numbers: the last page is cheap). */
export default function Pager({ page, onNavigate, noun }: PagerProps) {
  const buttons: { label: string; icon: string; position: ListPosition | null }[] = [
    {
      label: 'Première page',
      icon: 'bi-chevron-double-left',
      position: page.prev ? { kind: 'first' } : null,
    },
    {
      label: 'Page précédente',
      icon: 'bi-chevron-left',
      position: page.prev ? { kind: 'before', cursor: page.prev } : null,
    },
    {
      label: 'Page suivante',
      icon: 'bi-chevron-right',
      position: page.next ? { kind: 'after', cursor: page.next } : null,
    },
    {
      label: 'Dernière page',
      icon: 'bi-chevron-double-right',
      position: page.next ? { kind: 'last' } : null,
    },
  ]
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <p className="mb-0 text-body-secondary small" aria-live="polite">
        {totalText(page.total, noun)}
        {page.data.length > 0 && ` — ${page.data.length} affiché${page.data.length > 1 ? 's' : ''}`}
      </p>
      <nav aria-label="Pagination">
        <ul className="pagination pagination-sm mb-0">
          {buttons.map((b) => (
            <li key={b.label} className={`page-item ${b.position ? '' : 'disabled'}`}>
              <button
                type="button"
                className="page-link"
                disabled={!b.position}
                aria-label={b.label}
                title={b.label}
                onClick={() => b.position && onNavigate(b.position)}
              >
                <i className={`bi ${b.icon}`} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
