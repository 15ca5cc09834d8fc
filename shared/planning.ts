/*
 * Issue 13: the planning (com: commercial appointments; tec: technical interventions). What the
 * server and the pages both need: the kinds, statuts, labels and colours, the calendar's views,
 * and the URL state of the calendar page. The rules that write live in app/services/planning.
 */
import type { Etape } from './commande_etapes.js'

export const PLANNING_TYPES = ['com', 'tec'] as const
export type PlanningType = (typeof PLANNING_TYPES)[number]

export const PLANNING_TYPE_LABELS: Record<PlanningType, string> = {
  com: 'Planning commercial',
  tec: 'Planning technique',
}

export const NATURES = ['rdv', 'mesurage', 'pose', 'sav'] as const
export type Nature = (typeof NATURES)[number]

/** Which natures each planning holds: a commercial visit is a rdv, the rest are technical. */
export const TYPE_NATURES: Record<PlanningType, readonly Nature[]> = {
  com: ['rdv'],
  tec: ['mesurage', 'pose', 'sav'],
}

export const NATURE_LABELS: Record<Nature, string> = {
  rdv: 'Rendez-vous commercial',
  mesurage: 'Mesurage',
  pose: 'Pose',
  sav: 'SAV',
}

/** The commande step a nature plans (planning a mesurage or a pose is planning that step). */
export const NATURE_ETAPE: Partial<Record<Nature, Etape>> = {
  mesurage: 'mesurage',
  pose: 'pose',
}

/** Default length of a new visit, in minutes, by nature (the modal and the drop from the list). */
export const NATURE_DUREE_MINUTES: Record<Nature, number> = {
  rdv: 60,
  mesurage: 90,
  pose: 8 * 60,
  sav: 60,
}

/** Colour by nature (background) — readable with white text (WCAG AA at 14 px bold). */
export const NATURE_COULEURS: Record<Nature, string> = {
  rdv: '#1d4ed8',
  mesurage: '#047857',
  pose: '#b45309',
  sav: '#b91c1c',
}

export const PLANIF_STATUTS = ['planifiee', 'realisee', 'annulee'] as const
export type PlanifStatut = (typeof PLANIF_STATUTS)[number]

export const PLANIF_STATUT_LABELS: Record<PlanifStatut, string> = {
  planifiee: 'Planifiée',
  realisee: 'Réalisée',
  annulee: 'Annulée',
}

export const PLANIF_STATUT_BADGES: Record<PlanifStatut, string> = {
  planifiee: 'info',
  realisee: 'success',
  annulee: 'secondary',
}

/** The statut moves a visit may make (the server refuses any other, 422). */
export const PLANIF_TRANSITIONS: Record<PlanifStatut, readonly PlanifStatut[]> = {
  planifiee: ['realisee', 'annulee'],
  realisee: ['planifiee'],
  annulee: [],
}

/** A visit lasts at least 15 minutes and at most 14 days (a long pose spans days). */
export const DUREE_MIN_MINUTES = 15
export const DUREE_MAX_MINUTES = 14 * 24 * 60
/** At most this many persons on one visit (a team). */
export const PERSONNES_MAX = 6
/** Travel time the company may require between two visits of one person (setting, minutes). */
export const TRAJET_MAX_MINUTES = 240

/** Working hours shown by the calendar (Europe/Brussels); visits outside them are allowed. */
export const HEURES_OUVRABLES = { debut: '07:00', fin: '19:00' } as const
export const JOURS_OUVRABLES = [1, 2, 3, 4, 5, 6] as const

/** The calendar's views, in the URL as ?vue=… */
export const VUES = ['jour', 'semaine', 'mois', 'ressources', 'chronologie'] as const
export type Vue = (typeof VUES)[number]

export const VUE_LABELS: Record<Vue, string> = {
  jour: 'Jour',
  semaine: 'Semaine',
  mois: 'Mois',
  ressources: 'Par personne',
  chronologie: 'Chronologie',
}

/** The calendar page's state as it sits in the URL (?vue=&date=&personnes=1,2&natures=pose). */
export type PlanningQuery = {
  vue: Vue
  /** ISO date (yyyy-mm-dd) the view shows. */
  date: string
  personnes: number[]
  natures: Nature[]
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The day asked for (?date=yyyy-mm-dd) when it is a real date, else today (a bad link shows today). */
export function jourDemande(raw: unknown, today: string): string {
  if (typeof raw !== 'string' || !ISO_DATE.test(raw)) return today
  const d = new Date(`${raw}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : today
}

/** Reads the URL state, dropping what does not parse (never an error: a bad link shows today). */
export function parsePlanningQuery(
  raw: Record<string, unknown>,
  type: PlanningType,
  today: string
): PlanningQuery {
  // AdonisJS's query parser splits « 1,2 » into an array (qs comma option): join it back
  const str = (v: unknown): string =>
    typeof v === 'string'
      ? v
      : Array.isArray(v)
        ? v.filter((x) => typeof x === 'string').join(',')
        : v && typeof v === 'object'
          ? Object.values(v)
              .filter((x) => typeof x === 'string')
              .join(',')
          : ''
  const vue = (VUES as readonly string[]).includes(str(raw.vue)) ? (str(raw.vue) as Vue) : 'semaine'
  const date = jourDemande(raw.date, today)
  const personnes = [
    ...new Set(
      str(raw.personnes)
        .split(',')
        .map((s) => Number(s))
        .filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647)
    ),
  ].slice(0, 100)
  const natures = [
    ...new Set(
      str(raw.natures)
        .split(',')
        .filter((n): n is Nature => (TYPE_NATURES[type] as readonly string[]).includes(n))
    ),
  ]
  return { vue, date, personnes, natures }
}

/** The query string of a state (only what differs from the defaults). */
export function planningQueryString(q: PlanningQuery, today: string): Record<string, string> {
  const out: Record<string, string> = {}
  if (q.vue !== 'semaine') out.vue = q.vue
  if (q.date !== today) out.date = q.date
  if (q.personnes.length) out.personnes = q.personnes.join(',')
  if (q.natures.length) out.natures = q.natures.join(',')
  return out
}

/** A visit as the calendar, the map and the technician's day receive it. */
export type PlanificationDto = {
  id: number
  type: PlanningType
  nature: Nature
  statut: PlanifStatut
  /** ISO instants with their offset (Europe/Brussels). */
  debut: string
  fin: string
  titre: string
  personnes: number[]
  client: { id: number; nom: string; telephone: string | null } | null
  commande: { id: number; numero: string } | null
  etape: Etape | null
  devis: { id: number; numero: string | null } | null
  demandeId: number | null
  adresse: string | null
  latitude: number | null
  longitude: number | null
  notes: string | null
  motifAnnulation: string | null
  lockVersion: number
}

/** Something waiting to be planned (the offcanvas and the map). */
export type AttenteItem = {
  /** « etape:12:pose » or « demande:7 »: what the drop sends back. */
  cle: string
  type: PlanningType
  nature: Nature
  titre: string
  client: { id: number; nom: string } | null
  commande: { id: number; numero: string } | null
  etape: Etape | null
  demandeId: number | null
  adresse: string | null
  latitude: number | null
  longitude: number | null
  dureeMinutes: number
  /** Since when it waits (ISO date): the oldest first. */
  depuis: string
}

/** A person of the resource view. */
export type RessourceDto = {
  id: number
  nom: string
  couleur: string
  equipe: string | null
}
