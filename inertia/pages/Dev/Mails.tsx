/*
 * Development only (/dev/mails): the emails the app "sent", kept under storage/mails. The HTML
 * version shows in a sandboxed frame (no script, no same-origin), next to the text version.
 */
import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import type { KeptMail, KeptMailSummary } from '@shared/mail'
import SimpleLayout from '../../layouts/SimpleLayout.js'

export type MailsProps = {
  mails: KeptMailSummary[]
  selected: KeptMail | null
}

/** The links of the text version, clickable (the HTML frame is sandboxed: its links are inert). */
function linksOf(text: string | null): string[] {
  return [...new Set(text?.match(/https?:\/\/\S+/g) ?? [])]
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('fr-BE', { dateStyle: 'short', timeStyle: 'medium' })
}

export default function Mails({ mails, selected }: MailsProps) {
  return (
    <>
      <Head title="E-mails envoyés (développement)" />
      <div className="container-fluid py-4">
        <div className="d-flex align-items-baseline justify-content-between mb-3">
          <h1 className="h3 fw-bold mb-0">
            E-mails envoyés{' '}
            <span className="badge text-bg-warning align-middle fs-6">développement</span>
          </h1>
          <Link href="/dev/mails">Actualiser</Link>
        </div>
        <p className="text-body-secondary">
          En développement, aucun e-mail ne part : chacun est gardé dans <code>storage/mails</code>.
        </p>
        <div className="row g-4">
          <div className="col-lg-4">
            {mails.length === 0 ? (
              <p className="text-body-secondary">Aucun e-mail pour le moment.</p>
            ) : (
              <div className="list-group">
                {mails.map((m) => (
                  <Link
                    key={m.id}
                    href={`/dev/mails/${m.id}`}
                    className={`list-group-item list-group-item-action ${selected?.id === m.id ? 'active' : ''}`}
                    aria-current={selected?.id === m.id ? 'true' : undefined}
                  >
                    <div className="fw-semibold text-truncate">{m.subject || '(sans objet)'}</div>
                    <div className="small text-truncate">À : {m.to.join(', ')}</div>
                    <div className="small opacity-75">{when(m.date)}</div>
                  </Link>
                ))}
              </div>
            )}
          </div>
          <div className="col-lg-8">
            {selected ? (
              <article>
                <h2 className="h5 fw-bold">{selected.subject}</h2>
                <dl className="row small mb-3">
                  <dt className="col-sm-2">De</dt>
                  <dd className="col-sm-10">{selected.from}</dd>
                  <dt className="col-sm-2">À</dt>
                  <dd className="col-sm-10">{selected.to.join(', ')}</dd>
                  <dt className="col-sm-2">Date</dt>
                  <dd className="col-sm-10">{when(selected.date)}</dd>
                </dl>
                {linksOf(selected.text).length > 0 && (
                  <ul className="small mb-3">
                    {linksOf(selected.text).map((link) => (
                      <li key={link} className="text-break">
                        <a href={link}>{link}</a>
                      </li>
                    ))}
                  </ul>
                )}
                <h3 className="h6">Version HTML</h3>
                {selected.html ? (
                  <iframe
                    title="Version HTML de l’e-mail"
                    sandbox=""
                    srcDoc={selected.html}
                    className="w-100 border rounded bg-white mb-4"
                    style={{ height: 520 }}
                  />
                ) : (
                  <p className="text-body-secondary">Pas de version HTML.</p>
                )}
                <h3 className="h6">Version texte</h3>
                <pre
                  className="border rounded p-3 bg-body-tertiary"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {selected.text ?? '(pas de version texte)'}
                </pre>
              </article>
            ) : (
              <p className="text-body-secondary">Choisissez un e-mail dans la liste.</p>
            )}
          </div>
        </div>
      </div>
    </>
  )
}

Mails.layout = (page: ReactNode) => <SimpleLayout>{page}</SimpleLayout>
