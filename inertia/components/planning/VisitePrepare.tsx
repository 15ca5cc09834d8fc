/*
 * What a visit prepares (issue 13 §3): links to the measurement sheet or the réception, and the
 * items to install.
 */
import type { Details } from './planification_form.js'

export default function VisitePrepare({ details }: { details: Details }) {
  return (
    <section className="mt-4" aria-labelledby="planif-pour">
      <h3 id="planif-pour" className="h6">
        Ce que la visite prépare
      </h3>
      {details.liens.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          {details.liens.map((l) => (
            <a key={l.href} href={l.href} className="btn btn-sm btn-alt-primary">
              <i className={`bi ${l.icon} me-1`} aria-hidden="true" />
              {l.label}
            </a>
          ))}
        </div>
      )}
      {details.articles.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm mb-0">
            <caption className="visually-hidden">Articles à poser</caption>
            <thead>
              <tr>
                <th scope="col">Article à poser</th>
                <th scope="col" className="text-end">
                  Quantité
                </th>
                <th scope="col">Dimensions</th>
              </tr>
            </thead>
            <tbody>
              {details.articles.map((a, i) => (
                <tr key={i}>
                  <td>
                    {a.repere && <span className="badge bg-secondary me-1">{a.repere}</span>}
                    {a.designation}
                  </td>
                  <td className="text-end text-nowrap">
                    {a.quantite === null ? '—' : a.quantite.toLocaleString('fr-BE')}
                    {a.unite ? ` ${a.unite}` : ''}
                  </td>
                  <td className="text-nowrap">{a.dimensions ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
