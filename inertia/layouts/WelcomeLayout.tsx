import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import GuestHeader from '../components/layout/GuestHeader.js'
import { useFlashToasts } from '../lib/toast.js'
import type { SharedProps } from '../types.js'
import { useLayoutStart } from './use_layout_shell.js'

/** Guest landing layout (SPEC.md §2): static header, boxed content, footer. */
export default function WelcomeLayout({ children }: { children: ReactNode }) {
  useLayoutStart()
  useFlashToasts()
  const { app } = usePage<SharedProps>().props
  return (
    <div id="page-container" className="page-landing main-content-boxed">
      <GuestHeader landing />
      <main id="main-container">{children}</main>
      <footer id="page-footer">
        <div className="content content-footer fs-sm d-flex flex-wrap justify-content-between gap-2 text-muted">
          <span>
            <span className="fw-semibold text-body">{app.name}</span> version {app.version}
          </span>
          <span>© {app.copyright}</span>
        </div>
      </footer>
    </div>
  )
}
