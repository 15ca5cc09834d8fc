/*
 * Parts of the technician's phone pages (issue 12 §5): the chantier and the customer (a link
 * that opens the phone's navigation, tel: and mailto: links — the page fetches nothing), the
 * measured items as cards, and the pose step's statut badge.
 */
import { ETAPE_STATUT_BADGES, ETAPE_STATUT_LABELS, type EtapeStatut } from '@shared/commande_etapes'
import { dimensions, type PoseCommande, type PoseLigne } from '@shared/receptions'

export function StatutBadge({ statut }: { statut: EtapeStatut }) {
  return (
    <span className={`badge text-bg-${ETAPE_STATUT_BADGES[statut]}`} data-testid="pose-statut">
      {ETAPE_STATUT_LABELS[statut]}
    </span>
  )
}

export function ChantierContact({ commande }: { commande: PoseCommande }) {
  const { adresse, client } = commande
  const phones = [client.gsm, client.telephone].filter((p): p is string => Boolean(p))
  return (
    <div className="d-grid gap-2" data-testid="pose-contact">
      <div>
        <div className="small text-body-secondary">Chantier</div>
        <div className="fw-semibold" data-testid="pose-adresse">
          {adresse.texte ?? <span className="text-body-tertiary">Adresse inconnue</span>}
        </div>
      </div>
      {adresse.navigation && (
        <a
          href={adresse.navigation}
          className="btn btn-lg btn-alt-primary text-start"
          target="_blank"
          rel="noopener noreferrer"
          data-testid="pose-navigation"
        >
          <i className="bi bi-sign-turn-right me-2" aria-hidden="true" />
          Itinéraire vers le chantier
        </a>
      )}
      {adresse.geo && (
        <a href={adresse.geo} className="small" data-testid="pose-geo">
          Ouvrir dans l’application GPS du téléphone
        </a>
      )}
      <div className="mt-1">
        <div className="small text-body-secondary">Client</div>
        <div className="fw-semibold">{client.nom}</div>
      </div>
      {phones.map((p) => (
        <a
          key={p}
          href={`tel:${p.replace(/[^\d+]/g, '')}`}
          className="btn btn-lg btn-alt-success text-start"
          data-testid="pose-tel"
        >
          <i className="bi bi-telephone me-2" aria-hidden="true" />
          Appeler {p}
        </a>
      ))}
      {client.email && (
        <a
          href={`mailto:${client.email}`}
          className="btn btn-lg btn-alt-secondary text-start text-truncate"
          data-testid="pose-email"
        >
          <i className="bi bi-envelope me-2" aria-hidden="true" />
          {client.email}
        </a>
      )}
    </div>
  )
}

/** The measured items as cards (a table does not fit 390 px). */
export function LignesMesurees({ lignes }: { lignes: PoseLigne[] }) {
  if (!lignes.length)
    return (
      <p className="text-body-secondary mb-0" data-testid="pose-lignes-vide">
        Aucun élément mesuré pour cette commande (la fiche de mesurage est vide).
      </p>
    )
  return (
    <ul className="list-unstyled mb-0 d-grid gap-2" data-testid="pose-lignes">
      {lignes.map((l) => (
        <li key={l.id} className="border rounded p-2" data-testid="pose-ligne">
          <div className="d-flex justify-content-between gap-2">
            <strong>{l.repere || '—'}</strong>
            <span className="text-nowrap">× {String(l.quantite).replace('.', ',')}</span>
          </div>
          <div>{l.designation}</div>
          <div className="fw-semibold">{dimensions(l)}</div>
          {(l.sens_ouverture || l.couleur || l.vitrage) && (
            <div className="small text-body-secondary">
              {[
                l.sens_ouverture && `Sens : ${l.sens_ouverture}`,
                l.couleur && `Couleur : ${l.couleur}`,
                l.vitrage && `Vitrage : ${l.vitrage}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
          )}
          {l.remarques && <div className="small fst-italic">{l.remarques}</div>}
        </li>
      ))}
    </ul>
  )
}
