/*
 * SPEC.md §2 layout variants as components, for pages that set `Page.layout = …` themselves. The
 * resolver uses MainLayout with a `variant` prop instead, so the same instance persists.
 */
import type { ReactNode } from 'react'
import MainLayout from './MainLayout.js'
import WelcomeLayout from './WelcomeLayout.js'
import GuestSimpleLayout from './GuestSimpleLayout.js'

type Props = { children: ReactNode }

export const BackendLayout = ({ children }: Props) => (
  <MainLayout variant="backend">{children}</MainLayout>
)
export const BackendBoxedLayout = ({ children }: Props) => (
  <MainLayout variant="boxed">{children}</MainLayout>
)
export const MegaMenuLayout = ({ children }: Props) => (
  <MainLayout variant="mega-menu">{children}</MainLayout>
)
export const MiniNavLayout = ({ children }: Props) => (
  <MainLayout variant="mini-nav">{children}</MainLayout>
)
/** Logged-in landing: horizontal menu, static header, boxed content. */
export const LandingLayout = ({ children }: Props) => (
  <MainLayout variant="landing">{children}</MainLayout>
)
/** Guest landing: the Welcome page's layout. */
export const GuestLandingLayout = WelcomeLayout
export { GuestSimpleLayout }
