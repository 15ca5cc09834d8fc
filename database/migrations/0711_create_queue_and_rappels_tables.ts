import { BaseSchema } from '@adonisjs/lucid/schema'
import { QueueSchemaService } from '@adonisjs/queue'

/*
 * Issue 13 §5: the reminder emails of the day before a visit.
 * - queue_jobs / queue_schedules: the tables of @adonisjs/queue's database adapter (the default
 *   driver, on the app's PostgreSQL; with QUEUE_DRIVER=redis they stay empty).
 * - planification_rappels: one row per visit whose reminder was handled, written first in the
 *   job's transaction (ON CONFLICT DO NOTHING): a job run twice, or a visit moved after its
 *   reminder, never sends a second email (decision 463).
 */
export default class extends BaseSchema {
  async up() {
    // The package's own schema (its columns follow its version); created once
    const knex = this.db.getWriteClient()
    const schema = new QueueSchemaService(knex)
    if (!(await knex.schema.hasTable('queue_jobs'))) {
      await schema.createJobsTable()
    }
    if (!(await knex.schema.hasTable('queue_schedules'))) {
      await schema.createSchedulesTable()
    }
    this.schema.raw(`CREATE TABLE IF NOT EXISTS planification_rappels (
      planification_id integer PRIMARY KEY REFERENCES planifications(id) ON DELETE CASCADE,
      email varchar(254),
      envoye boolean NOT NULL,
      motif text,
      debut_visite timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`)
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS planification_rappels')
    const schema = new QueueSchemaService(this.db.getWriteClient())
    await schema.dropSchedulesTable()
    await schema.dropJobsTable()
  }
}
