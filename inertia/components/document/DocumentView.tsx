/*
 * A sales document as the customer will see it (devis, offre, bdc): the HTML twin of the PDF of
 * app/services/pdf/render.ts, drawn from the same DocumentData (shared/document.ts), with the
 * same blocks in the same order on an A4-like sheet that prints as is.
 */
import './document_view.css'
import {
  documentTitle,
  formatEnterpriseNumber,
  formatPct,
  isZeroPct,
  optionLabel,
  OPTIONS_HORS_TOTAL_NOTE,
  type DocumentData,
  type DocumentLigne,
  type DocumentRetractation,
} from '@shared/document'
import { formatDate } from '@shared/dates'
import { formatEuros } from '@shared/totals'
import { formatIban } from '@shared/validation/belgium'
import { formatQuantiteUnite } from '@shared/produits'

function quantite(l: DocumentLigne): string {
  return formatQuantiteUnite(l.quantite, l.unite)
}

/** The withdrawal information and model form of a bdc: a page of its own when printed. */
function RetractationAnnexe({ r }: { r: DocumentRetractation }) {
  return (
    <section className="doc-retractation" aria-label={r.titre} data-testid="doc-retractation">
      <h2 className="doc-retractation-title">{r.titre}</h2>
      {r.information.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <div className="doc-retractation-form">
        <div className="doc-retractation-cut">Formulaire à découper ou à détacher</div>
        <h3>{r.formulaire_titre}</h3>
        <p className="fst-italic">{r.formulaire_consigne}</p>
        <dl>
          {r.formulaire.map((line) => (
            <div key={line.label}>
              <dt>— {line.label} :</dt>
              <dd className={line.valeur ? 'fw-bold' : 'doc-retractation-blank'}>
                {line.valeur ?? '\u00a0'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="doc-retractation-note">{r.note}</p>
      </div>
    </section>
  )
}

function LigneRow({ ligne }: { ligne: DocumentLigne }) {
  if (ligne.type === 'section')
    return (
      <tr className="doc-section">
        <td colSpan={6}>{ligne.designation}</td>
      </tr>
    )
  if (ligne.type === 'texte')
    return (
      <tr className="doc-texte">
        <td colSpan={6}>{ligne.designation}</td>
      </tr>
    )
  if (ligne.type === 'sous_total')
    return (
      <tr className="doc-sous-total">
        <td colSpan={5}>{ligne.designation?.trim() || 'Sous-total'}</td>
        <td>{formatEuros(ligne.total_ht ?? 0)}</td>
      </tr>
    )
  return (
    <tr>
      <td className="doc-designation">
        {ligne.option && (
          <span className="doc-option d-block" data-testid="doc-option">
            {optionLabel(ligne.option)}
          </span>
        )}
        <span className={ligne.option === 'ecartee' ? 'text-body-secondary' : undefined}>
          {ligne.designation}
        </span>
      </td>
      <td>{quantite(ligne)}</td>
      <td>{ligne.prix_unitaire_ht === null ? '' : formatEuros(ligne.prix_unitaire_ht)}</td>
      <td>{isZeroPct(ligne.remise_pct) ? '' : formatPct(ligne.remise_pct)}</td>
      <td>{ligne.taux_tva === null ? '' : formatPct(ligne.taux_tva)}</td>
      <td>
        {ligne.option === 'ecartee'
          ? `(${formatEuros(ligne.total_ht ?? 0)})`
          : formatEuros(ligne.total_ht ?? 0)}
      </td>
    </tr>
  )
}

export default function DocumentView({ document: doc }: { document: DocumentData }) {
  const e = doc.emetteur
  const d = doc.destinataire
  const hasRemise = doc.remise_globale !== 0
  const meta: [string, string][] = [['Date', formatDate(doc.date)]]
  if (doc.valable_jusqu_au) meta.push(['Valable jusqu’au', formatDate(doc.valable_jusqu_au)])
  if (doc.revision && doc.revision > 1) meta.push(['Version', String(doc.revision)])
  if (doc.reference) meta.push(['Référence', doc.reference])
  if (doc.contact_commercial) meta.push(['Votre contact', doc.contact_commercial])
  const bank = [
    e.iban && `IBAN ${formatIban(e.iban)}`,
    e.bic && `BIC ${e.bic}`,
    e.email,
    e.telephone && `Tél. ${e.telephone}`,
  ]
    .filter(Boolean)
    .join(' — ')

  return (
    <article
      className="doc-sheet"
      // Paper stays paper: Bootstrap's light colours inside the sheet, whatever the app's mode
      data-bs-theme="light"
      aria-label={`${documentTitle(doc)} — aperçu du document`}
      data-testid="document-view"
    >
      {doc.brouillon && (
        // Decoration (the title says « brouillon »): drawn as SVG text, an image for axe, which
        // would otherwise measure its deliberately faint colour (WCAG 1.4.3 exempts decoration)
        <div className="doc-watermark" aria-hidden="true">
          <svg width="1" height="1" overflow="visible" focusable="false">
            <text textAnchor="middle" dominantBaseline="central">
              BROUILLON
            </text>
          </svg>
        </div>
      )}

      <header className="doc-head">
        <div>
          {e.logo_url ? (
            <img className="doc-logo" src={e.logo_url} alt={`Logo ${e.nom}`} />
          ) : (
            <div className="doc-brand">{e.nom}</div>
          )}
        </div>
        <div className="doc-company">
          <strong>{[e.nom, e.forme_juridique].filter(Boolean).join(' ')}</strong>
          {e.lignes_adresse.map((l) => (
            <div key={l}>{l}</div>
          ))}
          {e.numero_tva && <div>TVA {formatEnterpriseNumber(e.numero_tva)}</div>}
          {e.telephone && <div>Tél. {e.telephone}</div>}
          {e.email && <div>{e.email}</div>}
        </div>
      </header>

      <section className="doc-title-row">
        <div>
          <h2 className="doc-title">{documentTitle(doc)}</h2>
          <dl className="doc-meta">
            {meta.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label} :</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="doc-client">
          <div className="doc-label">{doc.kind === 'offre' ? 'Destinataire' : 'Client'}</div>
          <div className="fw-bold fs-6">{d.nom}</div>
          {d.lignes_adresse.map((l) => (
            <div key={l}>{l}</div>
          ))}
          {d.numero_tva && <div>TVA {formatEnterpriseNumber(d.numero_tva)}</div>}
          {d.email && <div>{d.email}</div>}
          {d.telephone && <div>{d.telephone}</div>}
        </div>
      </section>

      <section>
        <div className="doc-objet">Objet : {doc.objet}</div>
        {doc.adresse_chantier && (
          <div className="text-body-secondary">Adresse du chantier : {doc.adresse_chantier}</div>
        )}
        {doc.intro?.trim() && <p className="doc-text mt-2 mb-0">{doc.intro.trim()}</p>}
      </section>

      <table className="doc-lines">
        <caption className="visually-hidden">Lignes du document</caption>
        <thead>
          <tr>
            <th scope="col">Désignation</th>
            <th scope="col">Quantité</th>
            <th scope="col">PU HT</th>
            <th scope="col">Remise</th>
            <th scope="col">TVA</th>
            <th scope="col">Total HT</th>
          </tr>
        </thead>
        <tbody>
          {doc.lignes.length === 0 && (
            <tr className="doc-texte">
              <td colSpan={6}>Aucune ligne.</td>
            </tr>
          )}
          {doc.lignes.map((ligne, i) => (
            <LigneRow key={i} ligne={ligne} />
          ))}
        </tbody>
      </table>
      {doc.lignes.some((l) => l.option === 'ecartee') && (
        <p className="doc-options-note">{OPTIONS_HORS_TOTAL_NOTE}</p>
      )}

      <section className="doc-summary">
        <div>
          <div className="fw-bold mb-1">Récapitulatif TVA</div>
          <table className="doc-vat">
            <thead>
              <tr>
                <th scope="col">Taux TVA</th>
                <th scope="col">Base</th>
                <th scope="col">Remise</th>
                <th scope="col">Base HT</th>
                <th scope="col">TVA</th>
              </tr>
            </thead>
            <tbody>
              {doc.tva.map((g) => (
                <tr key={g.taux_tva}>
                  <td>{formatPct(g.taux_tva)}</td>
                  <td>{formatEuros(g.base_brute)}</td>
                  <td>{g.remise ? `-${formatEuros(g.remise)}` : formatEuros(0)}</td>
                  <td>{formatEuros(g.base_ht)}</td>
                  <td>{formatEuros(g.tva)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="doc-totals">
          {hasRemise && (
            <>
              <div>
                <span>Total brut HT</span>
                <span>{formatEuros(doc.total_brut_ht)}</span>
              </div>
              <div>
                <span>Remise globale ({formatPct(doc.remise_globale_pct)})</span>
                <span>-{formatEuros(doc.remise_globale)}</span>
              </div>
            </>
          )}
          <div>
            <span>Total HT</span>
            <span>{formatEuros(doc.total_ht)}</span>
          </div>
          <div>
            <span>Total TVA</span>
            <span>{formatEuros(doc.total_tva)}</span>
          </div>
          <div className="doc-ttc">
            <span>TOTAL TTC</span>
            <span>{formatEuros(doc.total_ttc)}</span>
          </div>
        </div>
      </section>

      {doc.acompte ? (
        <div className="doc-acompte">
          Acompte demandé ({formatPct(doc.acompte_pct ?? 0)}) : {formatEuros(doc.acompte)}
        </div>
      ) : null}

      {doc.paiement && (
        <p className="text-end">
          Paiement de {formatEuros(doc.paiement.montant)} sur le compte {doc.paiement.iban}
          {doc.paiement.bic && ` (BIC ${doc.paiement.bic})`}, communication{' '}
          {doc.paiement.communication}
        </p>
      )}

      {doc.conditions?.trim() && (
        <section>
          <div className="fw-bold">Conditions</div>
          <p className="doc-text">{doc.conditions.trim()}</p>
        </section>
      )}

      {(doc.signature || doc.bon_pour_accord || doc.signature_a_apposer) && (
        <section className="doc-signatures">
          <div>
            <strong>Pour {e.nom}</strong>
            {doc.contact_commercial}
          </div>
          {doc.signature ? (
            <div>
              <strong>Signé par le client</strong>
              <div>Signataire : {doc.signature.signataire}</div>
              <div>Date : {formatDate(doc.signature.signe_le)}</div>
              {doc.signature.lieu && <div>Lieu : {doc.signature.lieu}</div>}
            </div>
          ) : doc.signature_a_apposer ? (
            <div>
              <strong>Signature du client</strong>
              <div>Lu et approuvé.</div>
              <div>Fait à : … le …</div>
              <div>Signé : ☐ dans nos locaux ☐ au domicile du client</div>
              <div>Signature :</div>
            </div>
          ) : (
            <div>
              <strong>Bon pour accord</strong>
              <div>Date :</div>
              <div>Signature du client, précédée de la mention « Bon pour accord » :</div>
            </div>
          )}
        </section>
      )}

      {doc.mentions.length > 1 && (
        <section className="doc-mentions" aria-label="Mentions légales">
          {doc.mentions.slice(1).map((m) => (
            <p key={m}>{m}</p>
          ))}
        </section>
      )}

      {doc.retractation && <RetractationAnnexe r={doc.retractation} />}

      <footer className="doc-footer">
        <div>{doc.mentions[0] ?? e.nom}</div>
        {bank && <div>{bank}</div>}
      </footer>
    </article>
  )
}
