/*
 * One part of an archived commande's file (issue 14 §4): a native disclosure (keyboard and
 * screen readers for free, no script), open by default, its count in the title, an anchor for
 * the file's table of contents. Rows of label/value pairs read well down to 390 px.
 */
import type { ReactNode } from 'react'

export function Section({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  count?: number
  children: ReactNode
}) {
  return (
    <details open className="card mb-3" id={id} data-testid={`archive-section-${id}`}>
      <summary className="card-header fw-semibold d-flex align-items-center gap-2">
        {title}
        {count !== undefined && (
          <span className="badge rounded-pill text-bg-secondary">{count}</span>
        )}
      </summary>
      <div className="card-body">{children}</div>
    </details>
  )
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children || <span className="text-body-tertiary">—</span>}</dd>
    </>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-body-secondary mb-0">{children}</p>
}

/** A link to a PDF the app renders, opened in a new tab. */
export function PdfLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="text-nowrap text-decoration-underline"
    >
      <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
      {children}
    </a>
  )
}
