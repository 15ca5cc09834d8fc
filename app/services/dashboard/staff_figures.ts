/*
 * Issue 14 §2 — the staff dashboard's figures (decisions 500–503), one SQL statement whose every
 * sub-query reads an index (migration 0820 and the lists' own): signed bdcs this month and this
 * year with last year's same periods, devis to follow up, acomptes awaited, late commandes (all,
 * and by the step that is late), today's visits of both plannings. The money figures of issue 11 (invoiced
 * this month, due, overdue) stay comptaFigures'. Each figure's condition is the one of the list
 * it links to (app/services/dashboard/conditions.ts).
 */
import db from '@adonisjs/lucid/services/db'
import { ETAPES, type Etape } from '#shared/commande_etapes'
import { DEVIS_A_RELANCER_JOURS, signesPeriodes, type StaffFigures } from '#shared/dashboard'
import {
  bdcsSignes,
  commandeEnRetard,
  commandeEtapeEnRetard,
  DAY_FROM,
  DAY_UNTIL,
  devisARelancer,
  commandeALEtape,
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
  const periodes = signesPeriodes(today)
  const keys = ['mois', 'mois_n1', 'annee', 'annee_n1'] as const
  const signes = keys.map((k) => bdcsSignes(periodes[k].du, periodes[k].au))
  const relance = devisARelancer('d')
  const acompte = commandeALEtape('acompte', 'c')
  const retard = commandeEnRetard(today, 'c')
  const com = visitesDuJour('com', today)
  const tec = visitesDuJour('tec', today)

  const parts: Condition[] = [
    ...signes.map((c) => ({
      sql: `(SELECT json_build_object('n', count(*), 'ttc', coalesce(sum(bdcs.total_ttc), 0))
              FROM bdcs WHERE ${c.sql})`,
      bindings: c.bindings,
    })),
    {
      sql: `(SELECT json_build_object('n', count(*), 'ttc', coalesce(sum(d.total_ttc), 0))
              FROM devis d WHERE ${relance.sql})`,
      bindings: relance.bindings,
    },
    {
      // The deposit asked on the bdc of each commande still waiting for it (decision 509)
      sql: `(SELECT json_build_object('n', count(*), 'montant', coalesce(sum(b.acompte), 0))
              FROM commandes c JOIN bdcs b ON b.id = c.bdc_id WHERE ${acompte.sql})`,
      bindings: acompte.bindings,
    },
    { sql: `(SELECT count(*) FROM commandes c WHERE ${retard.sql})`, bindings: retard.bindings },
    ...ETAPES.map((etape) => {
      const late = commandeEtapeEnRetard(today, etape, 'c')
      return {
        sql: `(SELECT count(*) FROM commandes c WHERE ${late.sql})`,
        bindings: late.bindings,
      }
    }),
    { sql: `(SELECT count(*) FROM planifications p WHERE ${com.sql})`, bindings: com.bindings },
    { sql: `(SELECT count(*) FROM planifications p WHERE ${tec.sql})`, bindings: tec.bindings },
  ]
  const names = [
    ...keys,
    'relance',
    'acomptes',
    'retard',
    ...ETAPES.map((e) => `r_${e}`),
    'com',
    'tec',
  ]
  const result = await db.rawQuery(
    `SELECT ${parts.map((p, i) => `${p.sql} AS ${names[i]}`).join(',\n')}`,
    parts.flatMap((p) => p.bindings)
  )
  const row = result.rows[0]
  const signe = (k: (typeof keys)[number]) => ({
    periode: periodes[k],
    nombre: n(row[k].n),
    montant_ttc: n(row[k].ttc),
  })
  return {
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
    etapes_en_retard: ETAPES.filter((e) => n(row[`r_${e}`]) > 0).map((etape: Etape) => ({
      etape,
      nombre: n(row[`r_${etape}`]),
    })),
    visites_du_jour: { com: n(row.com), tec: n(row.tec) },
  }
}
