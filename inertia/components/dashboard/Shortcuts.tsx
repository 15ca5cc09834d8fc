import { Link } from '@inertiajs/react'
import type { ShortcutSection, Shortcut } from './shortcut_sections.js'

function ShortcutCard({ shortcut }: { shortcut: Shortcut }) {
  const body = (
    <>
      <span
        className="d-inline-flex align-items-center justify-content-center rounded-3 bg-primary-subtle text-primary-emphasis flex-shrink-0"
        style={{ width: 44, height: 44 }}
        aria-hidden="true"
      >
        <i className={`${shortcut.icon} fs-5`} />
      </span>
      <span className="flex-grow-1" style={{ minWidth: 0 }}>
        <span className="d-block fw-semibold text-body-emphasis text-truncate">
          {shortcut.name}
          {shortcut.external && (
            <i className="bi bi-box-arrow-up-right ms-1 small" aria-label="(nouvel onglet)" />
          )}
        </span>
        {shortcut.details.length > 0 && (
          <span className="d-block small text-body-secondary text-truncate">
            {shortcut.details.join(' · ')}
          </span>
        )}
      </span>
    </>
  )
  const className =
    'block block-rounded block-link-pop flex-row align-items-center gap-3 p-3 h-100 mb-0 text-decoration-none'

  // External links (the admin tool) leave the app: a plain anchor in a new tab (SPEC.md §2)
  return shortcut.external ? (
    <a href={shortcut.to} target="_blank" rel="noopener noreferrer" className={className}>
      {body}
    </a>
  ) : (
    <Link href={shortcut.to} className={className}>
      {body}
    </Link>
  )
}

export default function Shortcuts({ sections }: { sections: ShortcutSection[] }) {
  return (
    <>
      {sections.map((section, index) => (
        <section key={section.heading} className="mb-4" aria-labelledby={`raccourcis-${index}`}>
          <h2
            id={`raccourcis-${index}`}
            className="h6 text-uppercase text-body-secondary fw-semibold mb-3"
            style={{ letterSpacing: '.05em' }}
          >
            {section.heading}
          </h2>
          <div className="row g-3">
            {section.shortcuts.map((shortcut) => (
              <div key={shortcut.to + shortcut.name} className="col-sm-6 col-lg-4 col-xxl-3">
                <ShortcutCard shortcut={shortcut} />
              </div>
            ))}
          </div>
        </section>
      ))}
    </>
  )
}
