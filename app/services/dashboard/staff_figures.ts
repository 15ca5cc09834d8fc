/*
 * Issue 14 §2 — the staff dashboard's figures (decisions 500–503), one SQL statement whose every
 * sub-query reads an index (migrations 0820, 0870 and the lists' own): signed bdcs this month and
 * this year with last year's same periods, devis to follow up, acomptes awaited, late commandes
 * (all, and by the step that is late), today's visits of both plannings. The money figures of
 * issue 11 (invoiced this month, due, overdue) stay comptaFigures'. Each figure's condition is the
 * one of the list it links to (app/services/dashboard/conditions.ts); the figures that grow with
 * the history (signed bdcs, devis to follow up) sum the per-day aggregates the database keeps for
 * the same condition (decisions 640–641), the acomptes awaited the sums kept by triggers
 * (commandes_acomptes, decision 722); seven sub-queries, planned once (decision 723), and the
 * instant the devis to follow up next change (decision 822: the dashboard is kept until then).
 */
import db from '@adonisjs/lucid/services/db'
import { keptAnalyse } from '#services/analyse/reads'
import { comptaFigures, type ComptaFigures } from '#services/creances/compta_figures'
import { TIME_ZONE } from '#shared/app'
import { ETAPES, type Etape } from '#shared/commande_etapes'
import { DEVIS_A_RELANCER_JOURS, signesPeriodes, type StaffFigures } from '#shared/dashboard'
import {
  commandeEnRetard,
  commandeEtapeEnRetard,
  DAY_FROM,
  DAY_UNTIL,
  devisARelancer,
  type Condition,
} from '#services/dashboard/conditions'

const n = (value: unknown) => Number(value ?? 0)

/**
 * The visits of a planning on a Brussels day: not cancelled, their time range overlapping the
 * day — the calendar's own condition (planificationsInRange), served by its GiST index.
 */
export function visitesDuJour(type: 'com' | 'tec', day: string): Condition {
  return {
    sql: `p.type = ? AND p.statut <> 'annulee'
      AND tstzrange(p.debut, p.fin) && tstzrange(${DAY_FROM}, ${DAY_UNTIL})`,
    bindings: [type, day, day],
  }
}

export async function staffFigures(today: string): Promise<StaffFigures> {
  const { figures } = await readStaffFigures(today)
  return figures
}

/**
 * The figures, and the instant their devis to follow up next change with time alone (epoch ms;
 * null: none will): the first devis still « envoyé » not yet past the cut-off crosses it then.
 * Every other figure changes only with a write or with the day (decision 822).
 */
export async function readStaffFigures(
  today: string
): Promise<{ figures: StaffFigures; relanceChange: number | null }> {
  const periodes = signesPeriodes(today)
  const keys = ['mois', 'mois_n1', 'annee', 'annee_n1'] as const
  const relance = devisARelancer('d')
  const retard = commandeEnRetard(today, 'c')
  const com = visitesDuJour('com', today)
  const tec = visitesDuJour('tec', today)

  const late = commandeEtapeEnRetard(today, { sql: 'et.etape' }, 'c')

  // Seven sub-queries where there were seventeen: planning the statement cost more than running
  // it (2–3 ms, decision 723). Each figure's condition is unchanged.
  const parts: Condition[] = [
    // The signed bdcs per Brussels day of signature (bdcs_signes_jour, decision 640): the days
    // of the four periods of bdcsSignes' range read once (last year's 1st of January to today)
    {
      sql: `(SELECT json_build_object(${keys
        .map(
          (k) => `'${k}_n', coalesce(sum(j.n) FILTER (WHERE j.jour BETWEEN ?::date AND ?::date), 0),
                  '${k}_ttc', coalesce(sum(j.ttc) FILTER (WHERE j.jour BETWEEN ?::date AND ?::date), 0)`
        )
        .join(',\n')})
              FROM bdcs_signes_jour j WHERE j.jour BETWEEN ?::date AND ?::date)`,
      bindings: [
        ...keys.flatMap((k) => [periodes[k].du, periodes[k].au, periodes[k].du, periodes[k].au]),
        periodes.annee_n1.du,
        periodes.annee.au,
      ],
    },
    {
      // devisARelancer from devis_stats_jour (decision 641): the devis still « envoyé » sent
      // before the Brussels day of the cut-off instant are its 'e' rows of the days before;
      // those sent that day before the instant are read from the devis (one day's worth)
      sql: `(SELECT json_build_object('n', a.n + r.n, 'ttc', a.ttc + r.ttc)
              FROM cutoff,
              LATERAL (SELECT coalesce(sum(s.n), 0) AS n, coalesce(sum(s.ttc), 0) AS ttc
                FROM devis_stats_jour s
                WHERE s.axe = 'e' AND s.statut = 'envoye' AND s.jour < cutoff.jour) a,
              LATERAL (SELECT count(*) AS n, coalesce(sum(d.total_ttc), 0) AS ttc FROM devis d
                WHERE ${relance.sql}
                  AND d.envoye_le >= cutoff.jour::timestamp AT TIME ZONE '${TIME_ZONE}') r)`,
      bindings: relance.bindings,
    },
    {
      // The deposit asked on the bdc of each commande still waiting for it (decision 509), kept
      // by the database (commandes_acomptes, decision 722: commandeALEtape('acompte') and the
      // bdc's acompte) instead of one bdc probe per such commande
      sql: `(SELECT json_build_object('n', coalesce(sum(k.n), 0), 'montant', coalesce(sum(k.montant), 0))
              FROM commandes_acomptes k)`,
      bindings: [],
    },
    { sql: `(SELECT count(*) FROM commandes c WHERE ${retard.sql})`, bindings: retard.bindings },
    {
      // The late commandes by step: commandeEtapeEnRetard of each step, one sub-query run per
      // step (the same index probes as seven sub-queries, planned once)
      sql: `(SELECT json_object_agg(et.etape,
                (SELECT count(*) FROM commandes c WHERE ${late.sql}))
              FROM unnest(?::text[]) AS et(etape))`,
      bindings: [...late.bindings, [...ETAPES] as unknown as string],
    },
    { sql: `(SELECT count(*) FROM planifications p WHERE ${com.sql})`, bindings: com.bindings },
    { sql: `(SELECT count(*) FROM planifications p WHERE ${tec.sql})`, bindings: tec.bindings },
  ]
  // The first devis to cross the cut-off, by the dashboard's index of the devis sent
  parts.push({
    sql: `(SELECT min(d.envoye_le) + make_interval(days => ?) FROM devis d
            WHERE d.statut = 'envoye' AND d.envoye_le >= now() - make_interval(days => ?))`,
    bindings: [DEVIS_A_RELANCER_JOURS, DEVIS_A_RELANCER_JOURS],
  })
  const names = ['signes', 'relance', 'acomptes', 'retard', 'etapes', 'com', 'tec', 'change']
  // The Brussels day of devisARelancer's cut-off instant
  const result = await db.rawQuery(
    `WITH cutoff AS (SELECT ((now() - make_interval(days => ?)) AT TIME ZONE '${TIME_ZONE}')::date AS jour)
     SELECT ${parts.map((p, i) => `${p.sql} AS ${names[i]}`).join(',\n')}`,
    [DEVIS_A_RELANCER_JOURS, ...parts.flatMap((p) => p.bindings)]
  )
  const row = result.rows[0]
  const signe = (k: (typeof keys)[number]) => ({
    periode: periodes[k],
    nombre: n(row.signes[`${k}_n`]),
    montant_ttc: n(row.signes[`${k}_ttc`]),
  })
  const figures: StaffFigures = {
    today,
    signes: {
      mois: signe('mois'),
      mois_n1: signe('mois_n1'),
      annee: signe('annee'),
      annee_n1: signe('annee_n1'),
    },
    devis_a_relancer: {
      nombre: n(row.relance.n),
      montant_ttc: n(row.relance.ttc),
      jours: DEVIS_A_RELANCER_JOURS,
    },
    acomptes_attendus: { nombre: n(row.acomptes.n), montant: n(row.acomptes.montant) },
    commandes_en_retard: n(row.retard),
    // Timeline order; a step with no late commande is left out
    etapes_en_retard: ETAPES.filter((e) => n(row.etapes[e]) > 0).map((etape: Etape) => ({
      etape,
      nombre: n(row.etapes[etape]),
    })),
    visites_du_jour: { com: n(row.com), tec: n(row.tec) },
  }
  return { figures, relanceChange: row.change ? new Date(row.change).getTime() : null }
}

/**
 * The staff dashboard's two sets of figures, kept in the process per Brussels day while
 * nothing they read was written (`tableau_bord`, migration 0927) and until the next devis
 * crosses the follow-up cut-off (decision 822). Read at the same time when computed.
 */
export function staffDashboard(
  today: string
): Promise<{ compta: ComptaFigures; figures: StaffFigures; relanceChange: number | null }> {
  return keptAnalyse(
    'tableau_bord',
    [today],
    async () => {
      const [compta, staff] = await Promise.all([comptaFigures(today), readStaffFigures(today)])
      return { compta, ...staff }
    },
    (kept) => kept.relanceChange
  )
}
