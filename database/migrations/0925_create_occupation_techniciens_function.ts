import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The technicians' occupation page in one PL/pgSQL function (issue 15 §1, decision 811): the
 * statement over occupation_jour (decision 652) is the page's former one, its dates now
 * parameters. PL/pgSQL keeps the statement's plan for the connection's life (the pool keeps
 * them), so a visit no longer plans its three CTEs: knex sends no named prepared statement. The
 * backend's CPU per page statement on the volume copy: 0.70–0.80 ms → 0.40–0.45 ms.
 * `#variable_conflict use_column`: the output columns are named as the table's.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE OR REPLACE FUNCTION occupation_techniciens(p_du date, p_au date)
      RETURNS TABLE (user_id integer, name varchar, visites numeric, planifiees numeric,
        realisees numeric)
      LANGUAGE plpgsql STABLE AS $$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH h AS (
          SELECT user_id, sum(secondes) AS secondes,
            sum(secondes) FILTER (WHERE realisee) AS realisees
          FROM occupation_jour
          WHERE kind = 'h' AND jour BETWEEN p_du AND p_au AND a <= p_au AND b >= p_du
          GROUP BY user_id
        ),
        n AS (
          SELECT user_id, sum(n) AS visites FROM (
            SELECT user_id, n FROM occupation_jour
            WHERE kind = 'n' AND jour BETWEEN p_du AND p_au AND b >= p_du
            UNION ALL
            SELECT user_id, n FROM occupation_jour
            WHERE kind = 'n' AND a < b AND b >= p_du AND a < p_du
          ) x GROUP BY user_id HAVING sum(n) > 0
        ),
        t AS (
          SELECT user_id FROM planning_ressources WHERE type = 'tec' AND actif
          UNION SELECT user_id FROM n
        )
        SELECT t.user_id, u.name, coalesce(n.visites, 0) AS visites,
          coalesce(h.secondes, 0) / 3600 AS planifiees,
          coalesce(h.realisees, 0) / 3600 AS realisees
        FROM t JOIN users u ON u.id = t.user_id
          LEFT JOIN n ON n.user_id = t.user_id LEFT JOIN h ON h.user_id = t.user_id
        ORDER BY u.name, t.user_id;
      END $$`)
  }

  async down() {
    this.schema.raw('DROP FUNCTION IF EXISTS occupation_techniciens(date, date)')
  }
}
