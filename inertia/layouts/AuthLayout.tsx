import type { ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import Brand from '../components/layout/Brand.js'
import { useFlashToasts } from '../lib/toast.js'
import type { SharedProps } from '../types.js'
import { useLayoutStart } from './use_layout_shell.js'

/** Auth pages (SPEC.md §2): a centred card on a soft background, name + version, copyright. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  useLayoutStart()
  useFlashToasts()
  const { app } = usePage<SharedProps>().props
  return (
    <div id="page-container" className="page-auth">
      <main id="main-container">
        <div className="auth-wrapper">
          <div className="auth-brand">
            <Brand href="/" />
            <span className="badge rounded-pill text-bg-light border">v{app.version}</span>
          </div>
          <div className="block block-rounded auth-card">
            <div className="block-content">{children}</div>
          </div>
          <p className="auth-footer">
            {app.name} version {app.version} · © {app.copyright}
          </p>
        </div>
      </main>
    </div>
  )
}
