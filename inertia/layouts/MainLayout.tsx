import type { ReactNode } from 'react'

export default function MainLayout({ children }: { children: ReactNode }) {
  return <div id="page-container">{children}</div>
}
