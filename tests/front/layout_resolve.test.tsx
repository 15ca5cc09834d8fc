import { isValidElement, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { layoutFor } from '~/layouts/resolve'
import MainLayout from '~/layouts/MainLayout'
import AuthLayout from '~/layouts/AuthLayout'
import WelcomeLayout from '~/layouts/WelcomeLayout'
import SimpleLayout from '~/layouts/SimpleLayout'
import GuestSimpleLayout from '~/layouts/GuestSimpleLayout'

function Page(_: { boxed?: boolean }) {
  return null
}

/** The layout element wrapping a page of that name (Inertia calls the function with the page). */
function wrap(name: string, props: { boxed?: boolean } = {}) {
  const element = layoutFor(name)(<Page {...props} />) as ReactElement<{ variant?: string }>
  expect(isValidElement(element)).toBe(true)
  return element
}

describe('layout resolver (SPEC.md §2)', () => {
  it('maps auth, Welcome, errors and other pages', () => {
    expect(wrap('Auth/Login').type).toBe(AuthLayout)
    expect(wrap('Welcome').type).toBe(WelcomeLayout)
    expect(wrap('Errors/Status').type).toBe(SimpleLayout)
    expect(wrap('Dashboard').type).toBe(MainLayout)
    expect(wrap('esi/devis/Index').props.variant).toBe('backend')
  })

  it('gives preview pages a layout by sub-area', () => {
    expect(wrap('preview/Auth').type).toBe(AuthLayout)
    expect(wrap('preview/Backend').props.variant).toBe('backend')
    expect(wrap('preview/Backend', { boxed: true }).props.variant).toBe('boxed')
    expect(wrap('preview/Landing').props.variant).toBe('landing')
    expect(wrap('preview/MegaMenu').props.variant).toBe('mega-menu')
    expect(wrap('preview/MiniNav').props.variant).toBe('mini-nav')
    expect(wrap('preview/Errors/Status').type).toBe(SimpleLayout)
    expect(wrap('preview/Specials/Maintenance').type).toBe(GuestSimpleLayout)
    expect(wrap('preview/Unknown').type).toBe(MainLayout)
  })

  it('keeps one MainLayout type for every main variant (persistent layout)', () => {
    const types = ['Dashboard', 'preview/Landing', 'preview/MiniNav'].map((n) => wrap(n).type)
    expect(new Set(types).size).toBe(1)
  })
})
