/*
 * Acceptance of the devis (issue 14 §3, decision 513): the devis SENT in the period (envoye_le,
 * Brussels time), whatever they became later, by commercial and by apporteur (devis.apporteur_id:
 * the client's pro société copied on the devis, or the offre's).
 * - taux d’acceptation = acceptés / envoyés (as the devis statistics);
 * - délai = accepte_le − envoye_le in days, mean and median over the accepted ones.
 * One statement: the sent devis once, three groupings (GROUPING SETS).
 */
import { analyseQuery } from '#services/analyse/reads'
import type { CsvExport } from '#services/csv'
import { centsToInput } from '#shared/money'
import type { Acceptation, AcceptationLigne } from '#shared/analyse'
import {
  FROM_SQL,
  UNTIL_SQL,
  exportFilename,
  num,
  numOrNull,
  oneBatch,
  rateCell,
  decimalCell,
  type AnalyseParams,
} from '#services/analyse/params'

function ligne(r: any, id: number | null, nom: string): AcceptationLigne {
  const envoyes = num(r?.envoyes)
  const acceptes = num(r?.acceptes)
  return {
    id,
    nom,
    envoyes,
    acceptes,
    refuses: num(r?.refuses),
    taux_acceptation: envoyes > 0 ? acceptes / envoyes : null,
    delai_moyen_jours: numOrNull(r?.delai_moyen),
    delai_median_jours: numOrNull(r?.delai_median),
    montant_accepte_ht: num(r?.montant),
  }
}

export async function acceptation(params: AnalyseParams): Promise<Acceptation> {
  const result = await analyseQuery(
    `WITH d AS MATERIALIZED (
       SELECT d.commercial_id, d.apporteur_id, d.statut, d.total_ht,
         CASE WHEN d.statut = 'accepte' AND d.accepte_le IS NOT NULL
           THEN extract(epoch FROM d.accepte_le - d.envoye_le) / 86400 END AS delai
       FROM devis d
       WHERE d.envoye_le >= ${FROM_SQL} AND d.envoye_le < ${UNTIL_SQL}
     ),
     g AS (
       SELECT grouping(commercial_id) AS gc, grouping(apporteur_id) AS ga,
         commercial_id, apporteur_id,
         count(*) AS envoyes,
         count(*) FILTER (WHERE statut = 'accepte') AS acceptes,
         count(*) FILTER (WHERE statut = 'refuse') AS refuses,
         avg(delai) AS delai_moyen,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY delai) AS delai_median,
         coalesce(sum(total_ht) FILTER (WHERE statut = 'accepte'), 0) AS montant
       FROM d
       GROUP BY GROUPING SETS ((commercial_id), (apporteur_id), ())
     )
     SELECT g.*, u.name AS commercial_nom, s.nom AS apporteur_nom
     FROM g
       LEFT JOIN users u ON g.ga = 1 AND g.gc = 0 AND u.id = g.commercial_id
       LEFT JOIN societes s ON g.gc = 1 AND g.ga = 0 AND s.id = g.apporteur_id`,
    [params.du, params.au]
  )
  const rows = result.rows as any[]
  const byName = (a: AcceptationLigne, b: AcceptationLigne) =>
    Number(a.id === null) - Number(b.id === null) || a.nom.localeCompare(b.nom, 'fr')
  const parCommercial = rows
    .filter((r) => r.gc === 0)
    .map((r) => {
      const id = r.commercial_id === null ? null : num(r.commercial_id)
      return ligne(
        r,
        id,
        id === null ? 'Sans commercial' : (r.commercial_nom ?? `Utilisateur ${id}`)
      )
    })
    .sort(byName)
  const parApporteur = rows
    .filter((r) => r.ga === 0)
    .map((r) => {
      const id = r.apporteur_id === null ? null : num(r.apporteur_id)
      return ligne(r, id, id === null ? 'Sans apporteur' : (r.apporteur_nom ?? `Société ${id}`))
    })
    .sort(byName)
  const total = rows.find((r) => r.gc === 1 && r.ga === 1)
  return {
    du: params.du,
    au: params.au,
    total: ligne(total, null, 'Total'),
    par_commercial: parCommercial,
    par_apporteur: parApporteur,
  }
}

export async function exportAcceptation(params: AnalyseParams): Promise<CsvExport> {
  const a = await acceptation(params)
  const cells = (kind: string, l: AcceptationLigne) => [
    kind,
    l.nom,
    l.envoyes,
    l.acceptes,
    l.refuses,
    rateCell(l.taux_acceptation),
    decimalCell(l.delai_moyen_jours),
    decimalCell(l.delai_median_jours),
    centsToInput(l.montant_accepte_ht),
  ]
  return {
    filename: exportFilename('acceptation', a.du, a.au),
    header: [
      'Regroupement',
      'Nom',
      'Envoyés',
      'Acceptés',
      'Refusés',
      'Taux d’acceptation',
      'Délai moyen (jours)',
      'Délai médian (jours)',
      'Montant accepté HT',
    ],
    batches: oneBatch([
      ...a.par_commercial.map((l) => cells('Commercial', l)),
      ...a.par_apporteur.map((l) => cells('Apporteur', l)),
      cells('Total', a.total),
    ]),
  }
}
