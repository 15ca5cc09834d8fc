import { Link, usePage } from '@inertiajs/react'
import type { SharedProps } from '../../types.js'
import { route } from '~/lib/route'

/** Logo mark + application name, linking home. */
export default function Brand({
  href = route('app.dashboard'),
  className = '',
}: {
  href?: string
  className?: string
}) {
  const { app } = usePage<SharedProps>().props
  return (
    <Link href={href} className={`brand ${className}`} aria-label={`${app.name} – accueil`}>
      <span className="brand-mark" aria-hidden="true">
        <i className="bi bi-grid-1x2-fill" />
      </span>
      <span className="brand-name sidebar-mini-hide">{app.name}</span>
    </Link>
  )
}
