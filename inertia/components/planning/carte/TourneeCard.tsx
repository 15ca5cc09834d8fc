/*
 * The planning map's route card (issue 13 §4): a person's visits of the day in route order, the
 * distance (as the crow flies, by road when an OSRM server is set), « Réordonner la journée », and
 * the visits to place on the map.
 */
import { formatDate, formatTime } from '../../../lib/format.js'
import { PLANIF_STATUT_LABELS, type PlanificationDto } from '@shared/planning'
import { formatKm, formatMinutes } from '@shared/route_order'
import type { TourneeJour } from './tournee.js'

export type TourneeCardProps = {
  date: string
  personne: number | null
  nomPersonne: string | null | undefined
  /** The day's visits of everybody. */
  nombreVisites: number
  tournee: TourneeJour | null
  routier: { km: number; minutes: number } | null
  /** The société's address is placed (the routes start there). */
  depart: boolean
  busy: boolean
  onReordonner: () => void
  /** The person's visits without coordinates. */
  visitesSans: PlanificationDto[]
  onPlacer: (visite: PlanificationDto) => void
}

export default function TourneeCard({
  date,
  personne,
  nomPersonne,
  nombreVisites,
  tournee,
  routier,
  depart,
  busy,
  onReordonner,
  visitesSans,
  onPlacer,
}: TourneeCardProps) {
  return (
    <section className="card mb-3" aria-labelledby="tournee-titre">
      <div className="card-header fw-semibold" id="tournee-titre">
        {nomPersonne
          ? `Tournée de ${nomPersonne} — ${formatDate(date)}`
          : `Tournées du ${formatDate(date)}`}
      </div>
      <div className="card-body">
        {!personne && (
          <p className="mb-0 text-body-secondary">
            Choisissez une personne pour voir l’ordre de sa tournée ({nombreVisites} visite
            {nombreVisites > 1 ? 's' : ''} ce jour-là).
          </p>
        )}
        {tournee && tournee.visites.length === 0 && (
          <p className="mb-0 text-body-secondary">Aucune visite ce jour-là.</p>
        )}
        {tournee && tournee.visites.length > 0 && (
          <>
            <ol className="ps-3 mb-2" data-testid="tournee">
              {tournee.visites.map((v) => (
                <li key={v.id} className="mb-1">
                  <span className="fw-semibold">{formatTime(v.debut)}</span> {v.titre}
                  {v.statut !== 'planifiee' && (
                    <span className="badge text-bg-secondary ms-1">
                      {PLANIF_STATUT_LABELS[v.statut]}
                    </span>
                  )}
                  {(v.latitude === null || v.longitude === null) && (
                    <span className="badge text-bg-warning ms-1">sans coordonnées</span>
                  )}
                </li>
              ))}
            </ol>
            <p className="mb-2" data-testid="tournee-total">
              <strong>{formatKm(tournee.km)}</strong> à vol d’oiseau · environ{' '}
              <strong>{formatMinutes(tournee.minutes)}</strong> de trajet
              {routier && (
                <>
                  <br />
                  Par la route : {formatKm(routier.km)}, {formatMinutes(routier.minutes)}
                </>
              )}
              {!depart && (
                <span className="d-block small text-body-secondary">
                  Départ : la première visite (adresse de l’entreprise non placée).
                </span>
              )}
            </p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || tournee.ordre.length < 2 || !tournee.change}
              onClick={onReordonner}
            >
              <i className="bi bi-sort-numeric-down me-1" aria-hidden="true" />
              Réordonner la journée
            </button>
            {!tournee.change && tournee.ordre.length > 1 && (
              <p className="small text-body-secondary mt-2 mb-0">
                La journée suit déjà l’ordre de la tournée.
              </p>
            )}
          </>
        )}
        {visitesSans.length > 0 && (
          <ul className="list-unstyled mt-3 mb-0">
            {visitesSans.map((v) => (
              <li key={v.id} className="d-flex align-items-center gap-2 mb-1">
                <span className="flex-grow-1 small">{v.titre}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  disabled={busy || v.statut !== 'planifiee'}
                  onClick={() => onPlacer(v)}
                >
                  Placer sur la carte
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
