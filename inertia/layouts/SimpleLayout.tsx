import type { ReactNode } from 'react'
import { useFlashToasts } from '../lib/toast.js'
import { useLayoutStart } from './use_layout_shell.js'

/** No chrome (SPEC.md §2): error pages and full-screen specials. */
export default function SimpleLayout({
  children,
  className = '',
}: {
  children: ReactNode
  className?: string
}) {
  useLayoutStart()
  useFlashToasts()
  return (
    <div id="page-container" className={`page-simple ${className}`}>
      <main id="main-container">{children}</main>
    </div>
  )
}
