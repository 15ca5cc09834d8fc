/*
 * Occupation of the technicians (issue 14 §3, decision 515): for each technician (a user with an
 * active « tec » resource of the planning, or anyone with a technical visit in the period), the
 * hours of his technical visits inside the period — planned (not cancelled) and realised (statut
 * « réalisée ») — against his working hours: the period's weekdays × 7,6 h (38 h a week).
 * A visit is counted per person (two technicians on a 3 h visit: 3 h each), clipped to the period
 * (its part inside [du 00:00, au + 1 00:00) Brussels), from planification_personnes.creneau,
 * read from the per-day pre-aggregate occupation_jour (decision 652).
 */
import { analyseQuery } from '#services/analyse/reads'
import type { CsvExport } from '#services/csv'
import {
  HEURES_PAR_JOUR_OUVRE,
  joursOuvres,
  type Occupation,
  type OccupationTechnicien,
} from '#shared/analyse'
import {
  exportFilename,
  num,
  oneBatch,
  rateCell,
  decimalCell,
  type AnalyseParams,
} from '#services/analyse/params'

const ratio = (a: number, b: number) => (b > 0 ? a / b : null)
const hours = (value: number) => Math.round(value * 100) / 100

export async function occupation(params: AnalyseParams): Promise<Occupation> {
  const jours = joursOuvres(params.du, params.au)
  const ouvrees = hours(jours * HEURES_PAR_JOUR_OUVRE)
  // From the per-day pre-aggregate occupation_jour (migration 0876, decision 652): a visit counts
  // when a ≤ au and b ≥ du; its hours are those of the period's days. A PL/pgSQL function
  // (migration 0925, decision 811): its plan is kept by the connection, not made at each visit
  const result = await analyseQuery('SELECT * FROM occupation_techniciens(?::date, ?::date)', [
    params.du,
    params.au,
  ])
  const techniciens: OccupationTechnicien[] = (result.rows as any[]).map((r) => {
    const planifiees = hours(num(r.planifiees))
    const realisees = hours(num(r.realisees))
    return {
      user_id: num(r.user_id),
      nom: String(r.name),
      visites: num(r.visites),
      heures_planifiees: planifiees,
      heures_realisees: realisees,
      heures_ouvrees: ouvrees,
      taux_planifie: ratio(planifiees, ouvrees),
      taux_realise: ratio(realisees, ouvrees),
    }
  })
  const sum = (key: 'visites' | 'heures_planifiees' | 'heures_realisees') =>
    techniciens.reduce((s, t) => s + t[key], 0)
  const capacite = hours(ouvrees * techniciens.length)
  return {
    du: params.du,
    au: params.au,
    jours_ouvres: jours,
    heures_ouvrees: ouvrees,
    techniciens,
    total: {
      visites: sum('visites'),
      heures_planifiees: hours(sum('heures_planifiees')),
      heures_realisees: hours(sum('heures_realisees')),
      heures_ouvrees: capacite,
      taux_planifie: ratio(sum('heures_planifiees'), capacite),
      taux_realise: ratio(sum('heures_realisees'), capacite),
    },
  }
}

export async function exportOccupation(params: AnalyseParams): Promise<CsvExport> {
  const o = await occupation(params)
  const cells = (nom: string, t: Omit<OccupationTechnicien, 'user_id' | 'nom'>) => [
    nom,
    t.visites,
    decimalCell(t.heures_planifiees),
    decimalCell(t.heures_realisees),
    decimalCell(t.heures_ouvrees),
    rateCell(t.taux_planifie),
    rateCell(t.taux_realise),
  ]
  return {
    filename: exportFilename('techniciens', o.du, o.au),
    header: [
      'Technicien',
      'Visites',
      'Heures planifiées',
      'Heures réalisées',
      'Heures ouvrées',
      'Taux planifié',
      'Taux réalisé',
    ],
    batches: oneBatch([...o.techniciens.map((t) => cells(t.nom, t)), cells('Total', o.total)]),
  }
}
