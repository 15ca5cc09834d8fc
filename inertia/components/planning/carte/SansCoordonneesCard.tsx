/*
 * What waits to be planned without coordinates (the first 20): place each by a click on the map,
 * or look its address up when a geocoder is set.
 */
import type { AttenteItem } from '@shared/planning'

export type SansCoordonneesCardProps = {
  items: AttenteItem[]
  busy: boolean
  /** A geocoder is configured (GEOCODER). */
  geocodeur: boolean
  onPlacer: (item: AttenteItem) => void
  onGeocoder: (cle: string) => void
}

export default function SansCoordonneesCard({
  items,
  busy,
  geocodeur,
  onPlacer,
  onGeocoder,
}: SansCoordonneesCardProps) {
  return (
    <section className="card mb-3" aria-labelledby="sans-coord-titre">
      <div className="card-header fw-semibold" id="sans-coord-titre">
        À planifier sans coordonnées ({items.length})
      </div>
      <ul className="list-group list-group-flush">
        {items.slice(0, 20).map((i) => (
          <li key={i.cle} className="list-group-item">
            <div className="small fw-semibold">{i.titre}</div>
            <div className="small text-body-secondary">{i.adresse ?? 'Adresse inconnue'}</div>
            <div className="d-flex gap-2 mt-1">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy}
                onClick={() => onPlacer(i)}
              >
                Placer sur la carte
              </button>
              {geocodeur && i.adresse && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  disabled={busy}
                  onClick={() => onGeocoder(i.cle)}
                >
                  Chercher l’adresse
                </button>
              )}
            </div>
          </li>
        ))}
        {items.length > 20 && (
          <li className="list-group-item small text-body-secondary">
            … et {items.length - 20} autres.
          </li>
        )}
      </ul>
    </section>
  )
}
