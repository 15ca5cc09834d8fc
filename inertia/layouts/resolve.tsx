import { isValidElement, type ReactNode } from 'react'
import MainLayout, { type MainVariant } from './MainLayout.js'
import AuthLayout from './AuthLayout.js'
import WelcomeLayout from './WelcomeLayout.js'
import SimpleLayout from './SimpleLayout.js'
import GuestSimpleLayout from './GuestSimpleLayout.js'

type LayoutFn = (page: ReactNode) => ReactNode

const auth: LayoutFn = (page) => <AuthLayout>{page}</AuthLayout>
const welcome: LayoutFn = (page) => <WelcomeLayout>{page}</WelcomeLayout>
const simple: LayoutFn = (page) => <SimpleLayout>{page}</SimpleLayout>
const guestSimple: LayoutFn = (page) => <GuestSimpleLayout>{page}</GuestSimpleLayout>
// Always MainLayout (with a variant) so the one instance persists from page to page. Arrow
// functions on purpose: Inertia only treats prototype-less functions as layout functions.
function main(variant: MainVariant | ((page: ReactNode) => MainVariant) = 'backend'): LayoutFn {
  const mainLayout: LayoutFn = (page) => (
    <MainLayout variant={typeof variant === 'function' ? variant(page) : variant}>
      {page}
    </MainLayout>
  )
  return mainLayout
}

/** Inertia calls a layout function with the page props, then with the page element. */
function pageProp(page: ReactNode, name: string): unknown {
  const props = isValidElement(page) ? page.props : page
  return props && typeof props === 'object' ? (props as Record<string, unknown>)[name] : undefined
}

/** Preview pages take a layout by sub-area: preview/<Area>[/…] (SPEC.md §2). */
const PREVIEW_LAYOUTS: Record<string, LayoutFn> = {
  Auth: auth,
  Backend: main((page) => (pageProp(page, 'boxed') ? 'boxed' : 'backend')),
  BackendBoxed: main('boxed'),
  Landing: main('landing'),
  MegaMenu: main('mega-menu'),
  MiniNav: main('mini-nav'),
  Errors: simple,
  Specials: guestSimple,
  GuestSimple: guestSimple,
  Welcome: welcome,
}

/** SPEC.md §2: auth pages → auth layout, Welcome → its own, previews by sub-area, else main. */
export function layoutFor(name: string): LayoutFn {
  if (name.startsWith('Auth/')) return auth
  if (name === 'Welcome') return welcome
  if (name.startsWith('Errors/')) return simple
  if (name.startsWith('preview/')) {
    const area = name.slice('preview/'.length).split('/')[0]
    return PREVIEW_LAYOUTS[area] ?? main()
  }
  return main()
}
