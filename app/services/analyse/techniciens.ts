/*
 * Occupation of the technicians (issue 14 §3, decision 515): for each technician (a user with an
 * active « tec » resource of the planning, or anyone with a technical visit in the period), the
 * hours of his technical visits inside the period — planned (not cancelled) and realised (statut
 * « réalisée ») — against his working hours: the period's weekdays × 7,6 h (38 h a week).
 * A visit is counted per person (two technicians on a 3 h visit: 3 h each), clipped to the period
 * (its part inside [du 00:00, au + 1 00:00) Brussels), from planification_personnes.creneau over
 * the GiST index of the planifications' period (planifications_periode_idx).
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
  FROM_SQL,
  UNTIL_SQL,
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
  const result = await analyseQuery(
    `WITH v AS (
       SELECT pp.user_id, pl.statut,
         extract(epoch FROM upper(pp.creneau * r.p) - lower(pp.creneau * r.p)) / 3600 AS h
       FROM (SELECT tstzrange(${FROM_SQL}, ${UNTIL_SQL}) AS p) r
         JOIN planifications pl ON pl.type = 'tec'
           AND tstzrange(pl.debut, pl.fin) && tstzrange(${FROM_SQL}, ${UNTIL_SQL})
         JOIN planification_personnes pp ON pp.planification_id = pl.id AND pp.actif
           AND pp.creneau && r.p
       WHERE pl.statut <> 'annulee'
     ),
     a AS (
       SELECT user_id, count(*) AS visites, sum(h) AS planifiees,
         coalesce(sum(h) FILTER (WHERE statut = 'realisee'), 0) AS realisees
       FROM v GROUP BY user_id
     ),
     t AS (
       SELECT user_id FROM planning_ressources WHERE type = 'tec' AND actif
       UNION SELECT user_id FROM a
     )
     SELECT t.user_id, u.name, coalesce(a.visites, 0) AS visites,
       coalesce(a.planifiees, 0) AS planifiees, coalesce(a.realisees, 0) AS realisees
     FROM t JOIN users u ON u.id = t.user_id LEFT JOIN a ON a.user_id = t.user_id
     ORDER BY u.name, t.user_id`,
    [params.du, params.au, params.du, params.au]
  )
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
