import type { ReactNode } from 'react'
import MainLayout from '~/layouts/MainLayout'
import AuthLayout from '~/layouts/AuthLayout'
import WelcomeLayout from '~/layouts/WelcomeLayout'
import SimpleLayout from '~/layouts/SimpleLayout'

type LayoutFn = (page: ReactNode) => ReactNode

/** SPEC.md §2: auth pages → auth layout, Welcome → its own, previews by sub-area, else main. */
export function layoutFor(name: string): LayoutFn {
  if (name.startsWith('Auth/')) return (page) => <AuthLayout>{page}</AuthLayout>
  if (name === 'Welcome') return (page) => <WelcomeLayout>{page}</WelcomeLayout>
  if (name.startsWith('Errors/')) return (page) => <SimpleLayout>{page}</SimpleLayout>
  if (name === 'preview/Auth') return (page) => <AuthLayout>{page}</AuthLayout>
  return (page) => <MainLayout>{page}</MainLayout>
}
