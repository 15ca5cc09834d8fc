import type { ReactNode } from 'react'

export default function SimpleLayout({ children }: { children: ReactNode }) {
  return <div id="page-container">{children}</div>
}
