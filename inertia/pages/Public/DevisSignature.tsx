/*
 * The customer's page of a devis (issue 14 §1), opened from the e-mail's signed link without an
 * account, made for a phone first: the devis as the PDF shows it with its totals following the
 * options he ticks, its versions and PDF, and his answer (accept and sign online, or refuse).
 */
import { useMemo, useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import GuestSimpleLayout from '../../layouts/GuestSimpleLayout.js'
import DocumentView from '../../components/document/DocumentView.js'
import OptionsChoice from '../../components/devis_signature/OptionsChoice.js'
import AnswerForms from '../../components/devis_signature/AnswerForms.js'
import { formatDate } from '../../lib/format.js'
import { documentTitle } from '@shared/document'
import { documentWithChoices, type DevisSignaturePage } from '@shared/signature_en_ligne'

export type PublicDevisSignatureProps = {
  /** Null when the link is expired, altered or unknown (nothing else is sent then). */
  page: DevisSignaturePage | null
  message: string | null
}

function dateOf(iso: string | null) {
  return iso ? formatDate(iso.slice(0, 10)) : ''
}

function Etat({ page }: { page: DevisSignaturePage }) {
  if (page.etat === 'a_signer') return null
  const variant =
    page.etat === 'accepte' ? 'success' : page.etat === 'refuse' ? 'secondary' : 'warning'
  return (
    <div className={`alert alert-${variant}`} role="status" data-testid="devis-etat">
      {page.etat === 'accepte' ? (
        <>
          <p className="fw-semibold mb-1">
            <i className="bi bi-check2-circle me-1" aria-hidden="true" />
            Vous avez accepté ce devis le {dateOf(page.accepte_le)}.
          </p>
          {page.paiement_url ? (
            <a
              href={page.paiement_url}
              className="btn btn-success mt-2"
              data-testid="vers-paiement"
            >
              <i className="bi bi-bank me-1" aria-hidden="true" />
              Payer l’acompte
            </a>
          ) : (
            <p className="mb-0">Nous revenons vers vous pour la suite de votre commande.</p>
          )}
        </>
      ) : page.etat === 'refuse' ? (
        <p className="mb-0">
          Vous avez refusé ce devis le {dateOf(page.refuse_le)}. Merci de nous avoir répondu.
        </p>
      ) : page.etat === 'remplace' ? (
        <>
          <p className="fw-semibold mb-1">{page.raison}</p>
          <p className="mb-0">
            {page.versions.some((v) => v.actuelle)
              ? `La version ${page.version_actuelle} vous a été envoyée : ouvrez le lien de notre dernier e-mail pour la consulter et y répondre.`
              : 'Une nouvelle version est en préparation : nous vous l’enverrons prochainement.'}
          </p>
        </>
      ) : (
        <p className="mb-0">{page.raison}</p>
      )}
    </div>
  )
}

export default function PublicDevisSignature({ page, message }: PublicDevisSignatureProps) {
  const initial = useMemo(
    () => new Set(page?.options.filter((o) => o.retenue).map((o) => o.index) ?? []),
    [page]
  )
  const [retenues, setRetenues] = useState<ReadonlySet<number>>(initial)
  const shown = useMemo(
    () =>
      page && page.etat === 'a_signer'
        ? documentWithChoices(page.document, page.lignes, retenues)
        : page?.document,
    [page, retenues]
  )

  if (!page || !shown) {
    return (
      <>
        <Head title="Lien du devis">
          <meta name="robots" content="noindex, nofollow" />
        </Head>
        <div className="min-vh-100 d-flex align-items-center justify-content-center px-3 py-5">
          <div className="block block-rounded text-center p-5" style={{ maxWidth: 640 }}>
            <i className="bi bi-link-45deg display-4 text-warning" aria-hidden="true" />
            <h1 className="h3 fw-bold mt-3">Lien du devis</h1>
            <p className="lead text-body-secondary mb-0" data-testid="devis-lien-invalide">
              {message}
            </p>
          </div>
        </div>
      </>
    )
  }

  const title = documentTitle(shown)
  const toggle = (index: number, checked: boolean) =>
    setRetenues((prev) => {
      const next = new Set(prev)
      if (checked) next.add(index)
      else next.delete(index)
      return next
    })

  return (
    <>
      <Head title={title}>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <div className="w-100 mx-auto px-2 px-sm-3 py-3" style={{ maxWidth: 960, minWidth: 0 }}>
        <header className="d-flex align-items-center gap-3 mb-3">
          {page.societe.logo && (
            <img src={page.societe.logo} alt="" style={{ maxHeight: 48, maxWidth: 140 }} />
          )}
          <div className="min-w-0">
            <div className="fw-bold">{page.societe.nom}</div>
            <div className="small text-body-secondary">
              {[page.societe.telephone, page.societe.email].filter(Boolean).join(' · ')}
            </div>
          </div>
        </header>

        <h1 className="h3 fw-bold mb-1" data-testid="devis-titre">
          {title}
          {page.version > 1 && <span className="fw-normal"> — version {page.version}</span>}
        </h1>
        <p className="text-body-secondary mb-3">{shown.objet}</p>

        <Etat page={page} />

        <div className="d-flex flex-wrap gap-2 mb-3">
          <a
            className="btn btn-alt-primary"
            href={page.urls.pdf}
            target="_blank"
            rel="noreferrer"
            data-testid="devis-pdf"
          >
            <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
            Télécharger le PDF
          </a>
        </div>

        {page.versions.length > 1 && (
          <section className="block block-rounded" aria-labelledby="versions-titre">
            <div className="block-header block-header-default">
              <h2 className="block-title" id="versions-titre">
                Versions de ce devis
              </h2>
            </div>
            <ul className="list-group list-group-flush" data-testid="devis-versions">
              {page.versions.map((v) => (
                <li
                  key={v.revision}
                  className="list-group-item d-flex justify-content-between align-items-center gap-2"
                >
                  <span>
                    Version {v.revision}
                    {v.envoye_le && ` — envoyée le ${dateOf(v.envoye_le)}`}
                    {v.actuelle ? (
                      <span className="badge text-bg-success ms-2">Actuelle</span>
                    ) : (
                      <span className="badge text-bg-secondary ms-2">Remplacée</span>
                    )}
                  </span>
                  <a href={v.pdf_url} target="_blank" rel="noreferrer" className="text-nowrap">
                    <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                    PDF
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        {page.etat === 'a_signer' && (
          <OptionsChoice
            options={page.options}
            document={shown}
            retenues={retenues}
            onToggle={toggle}
          />
        )}

        {/* On a phone the sheet keeps its layout and scrolls sideways inside its own frame;
            the frame takes the focus so a keyboard can scroll it too (WCAG 2.1.1) */}
        <div
          className="overflow-x-auto mb-3 w-100"
          data-testid="devis-feuille"
          tabIndex={0}
          role="region"
          aria-label="Le devis"
        >
          <div style={{ minWidth: 600 }}>
            <DocumentView document={shown} />
          </div>
        </div>

        {page.etat === 'a_signer' && (
          <AnswerForms
            urls={page.urls}
            lockVersion={page.lock_version}
            retenues={[...retenues].sort((a, b) => a - b)}
            clientNom={shown.destinataire.nom}
          />
        )}

        {page.conditions_generales && (
          <section
            className="block block-rounded"
            id="conditions-generales"
            aria-labelledby="conditions-titre"
          >
            <div className="block-header block-header-default">
              <h2 className="block-title" id="conditions-titre">
                Conditions générales
              </h2>
            </div>
            <div className="block-content pb-3" style={{ whiteSpace: 'pre-line' }}>
              {page.conditions_generales}
            </div>
          </section>
        )}
      </div>
    </>
  )
}

PublicDevisSignature.layout = (page: ReactNode) => <GuestSimpleLayout>{page}</GuestSimpleLayout>
