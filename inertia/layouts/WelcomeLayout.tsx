import type { ReactNode } from 'react'

export default function WelcomeLayout({ children }: { children: ReactNode }) {
  return <div id="page-container">{children}</div>
}
