import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'

export interface Crumb {
  label: ReactNode
  href?: string
}

export interface PageHeaderProps {
  title: ReactNode
  subtitle?: ReactNode
  breadcrumb?: Crumb[]
  /** Buttons on the right (or below the title on small screens). */
  actions?: ReactNode
  children?: ReactNode
}

/** Title band at the top of a page's content: title, subtitle, breadcrumb and actions. */
export default function PageHeader({
  title,
  subtitle,
  breadcrumb,
  actions,
  children,
}: PageHeaderProps) {
  return (
    <div className="page-hero">
      <div className="content content-full">
        <div className="page-hero-inner">
          <div className="page-hero-text">
            <h1 className="page-hero-title">{title}</h1>
            {subtitle && <p className="page-hero-subtitle">{subtitle}</p>}
          </div>
          {breadcrumb && breadcrumb.length > 0 && (
            <nav className="page-hero-breadcrumb" aria-label="Fil d’Ariane">
              <ol className="breadcrumb breadcrumb-alt">
                {breadcrumb.map((crumb, i) => {
                  const last = i === breadcrumb.length - 1
                  return (
                    <li
                      key={i}
                      className={`breadcrumb-item${last ? ' active' : ''}`}
                      aria-current={last ? 'page' : undefined}
                    >
                      {crumb.href && !last ? (
                        <Link href={crumb.href}>{crumb.label}</Link>
                      ) : (
                        crumb.label
                      )}
                    </li>
                  )
                })}
              </ol>
            </nav>
          )}
          {actions && <div className="page-hero-actions">{actions}</div>}
        </div>
        {children}
      </div>
    </div>
  )
}
