import type { ReactNode } from 'react'

/**
 * A table that scrolls sideways on a phone: the scrolling region is focusable and named, so a
 * keyboard can scroll it too (axe « scrollable-region-focusable »).
 */
export default function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  )
}
