/*
 * What happened to a measurement sheet (started, validated, reopened, its PDF), newest first.
 */
import { formatDateTime } from '../../lib/format.js'
import { ETAPE_STATUT_LABELS, type EtapeStatut } from '@shared/commande_etapes'

export type MesureHistoriqueEntry = {
  id: number
  action: string
  de: string | null
  vers: string | null
  detail: string | null
  at: string
  par: string | null
}

export default function MesureHistorique({ historique }: { historique: MesureHistoriqueEntry[] }) {
  if (historique.length === 0) return null
  return (
    <div className="mb-5">
      <h2 className="h6 fw-semibold">Historique</h2>
      <ul className="list-unstyled small">
        {historique.map((h) => (
          <li key={h.id} className="mb-1">
            <span className="text-body-secondary">{formatDateTime(h.at)}</span>
            {h.par ? ` — ${h.par}` : ''} : {h.detail ?? h.action}
            {h.vers && h.action === 'statut'
              ? ` (${ETAPE_STATUT_LABELS[h.vers as EtapeStatut] ?? h.vers})`
              : ''}
          </li>
        ))}
      </ul>
    </div>
  )
}
