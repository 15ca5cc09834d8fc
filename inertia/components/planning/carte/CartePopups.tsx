/*
 * The popups of the planning map (issue 13 §4): a waiting item (plan it at the calendar, or here:
 * person and time) and a visit of the day (to the calendar).
 */
import { useState, type FormEvent } from 'react'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { formatDate, formatTime } from '../../../lib/format.js'
import {
  NATURE_COULEURS,
  NATURE_LABELS,
  type AttenteItem,
  type PlanificationDto,
  type PlanningType,
  type RessourceDto,
} from '@shared/planning'
import { formatMinutes } from '@shared/route_order'
import { plusMinutes } from './tournee.js'
import { calendarRoute, DEMANDE_ECHOUEE } from './carte_util.js'
import { errorMessage } from '../error_message.js'

/** A waiting item: what it is, where, and « Planifier » (the calendar) or plan it right here. */
export function AttentePopup({
  item,
  type,
  date,
  ressources,
  personne,
  onPlanned,
}: {
  item: AttenteItem
  type: PlanningType
  date: string
  ressources: RessourceDto[]
  personne: number | null
  onPlanned: () => void
}) {
  const [qui, setQui] = useState<number | ''>(personne ?? ressources[0]?.id ?? '')
  const [heure, setHeure] = useState('08:00')
  const [erreur, setErreur] = useState<string | null>(null)
  const [envoi, setEnvoi] = useState(false)
  const planifier = async (e: FormEvent) => {
    e.preventDefault()
    if (!qui) return setErreur('Choisissez une personne.')
    setEnvoi(true)
    setErreur(null)
    const [kind, id] = item.cle.split(':')
    try {
      await http.post(route('esi.planifications.store'), {
        type,
        nature: item.nature,
        debut: `${date}T${heure}`,
        fin: plusMinutes(date, heure, item.dureeMinutes),
        personnes: [qui],
        ...(kind === 'etape' ? { commande_id: Number(id) } : { demande_id: Number(id) }),
      })
      toast('success', `${item.titre} : planifié le ${formatDate(date)} à ${heure}.`)
      onPlanned()
    } catch (error) {
      setErreur(errorMessage(error, DEMANDE_ECHOUEE))
    } finally {
      setEnvoi(false)
    }
  }
  return (
    <div data-testid="popup-attente">
      <div className="fw-semibold mb-1">{item.titre}</div>
      <div className="small mb-1">
        <span
          className="badge me-1"
          style={{ background: NATURE_COULEURS[item.nature], color: '#fff' }}
        >
          {NATURE_LABELS[item.nature]}
        </span>
        attend depuis le {formatDate(item.depuis)}
      </div>
      <div className="small text-body-secondary mb-2">{item.adresse ?? 'Adresse inconnue'}</div>
      <a
        className="btn btn-sm btn-primary mb-2"
        href={calendarRoute(type, { date, planifier: item.cle })}
      >
        Planifier
      </a>
      <form onSubmit={planifier} className="border-top pt-2">
        <div className="small fw-semibold mb-1">Ou planifier ici le {formatDate(date)} :</div>
        <div className="d-flex gap-1 mb-1">
          <select
            className="form-select form-select-sm"
            aria-label="Personne"
            value={qui}
            onChange={(e) => setQui(e.target.value ? Number(e.target.value) : '')}
          >
            {ressources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nom}
              </option>
            ))}
          </select>
          <input
            type="time"
            className="form-control form-control-sm"
            aria-label="Heure de début"
            value={heure}
            step={900}
            onChange={(e) => setHeure(e.target.value)}
            style={{ maxWidth: '7rem' }}
            required
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-primary" disabled={envoi}>
          Planifier à {heure} ({formatMinutes(item.dureeMinutes)})
        </button>
        {erreur && (
          <div className="text-danger small mt-1" role="alert">
            {erreur}
          </div>
        )}
      </form>
    </div>
  )
}

export function VisitePopup({
  visite,
  type,
  date,
  noms,
}: {
  visite: PlanificationDto
  type: PlanningType
  date: string
  noms: Map<number, string>
}) {
  return (
    <div data-testid="popup-visite">
      <div className="fw-semibold mb-1">{visite.titre}</div>
      <div className="small mb-1">
        {formatTime(visite.debut)}–{formatTime(visite.fin)} ·{' '}
        {visite.personnes.map((p) => noms.get(p) ?? `#${p}`).join(', ')}
      </div>
      <div className="small text-body-secondary mb-2">{visite.adresse ?? 'Adresse inconnue'}</div>
      <a
        className="btn btn-sm btn-outline-primary"
        href={calendarRoute(type, { date, visite: visite.id })}
      >
        Voir au calendrier
      </a>
    </div>
  )
}
