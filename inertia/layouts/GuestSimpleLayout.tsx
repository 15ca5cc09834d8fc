import type { ReactNode } from 'react'
import SimpleLayout from './SimpleLayout.js'

/** Guest simple layout (SPEC.md §2): no chrome, content centred on the soft background. */
export default function GuestSimpleLayout({ children }: { children: ReactNode }) {
  return <SimpleLayout className="page-guest-simple">{children}</SimpleLayout>
}
