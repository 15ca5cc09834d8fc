import { Link, usePage } from '@inertiajs/react'
import Brand from './Brand.js'
import type { SharedProps } from '../../types.js'
import { route } from '~/lib/route'

/**
 * Guest header (SPEC.md §2): Log in / Create account for guests, a Dashboard link for a logged-in
 * visitor; the landing header adds the "S'inscrire" button.
 */
export default function GuestHeader({ landing = false }: { landing?: boolean }) {
  const { user } = usePage<SharedProps>().props
  return (
    <header id="page-header" className="guest-header">
      <div className="content-header">
        <Brand href="/" />
        <nav className="guest-nav" aria-label="Compte">
          {user ? (
            <Link href={route('app.dashboard')} className="btn btn-primary">
              <i className="bi bi-speedometer2 me-1" aria-hidden="true" />
              Dashboard
            </Link>
          ) : (
            <>
              <Link href={route('guest.login')} className="guest-nav-link">
                Log in
              </Link>
              <Link href={route('guest.register')} className="guest-nav-link">
                Create account
              </Link>
              {landing && (
                <Link href={route('guest.register')} className="btn btn-primary">
                  S&apos;inscrire
                </Link>
              )}
            </>
          )}
        </nav>
      </div>
    </header>
  )
}
