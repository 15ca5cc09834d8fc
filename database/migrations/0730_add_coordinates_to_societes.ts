import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 13 §4: the company's own address on the planning map — where a technician's day starts
 * when the route order is computed (shared/route_order.ts), placed by a click on the map.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE societes
      ADD COLUMN IF NOT EXISTS latitude double precision,
      ADD COLUMN IF NOT EXISTS longitude double precision`)
    this.schema.raw('ALTER TABLE societes DROP CONSTRAINT IF EXISTS societes_coordonnees_check')
    this.schema.raw(`ALTER TABLE societes ADD CONSTRAINT societes_coordonnees_check
      CHECK (latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180)`)
  }

  async down() {
    this.schema.raw('ALTER TABLE societes DROP CONSTRAINT IF EXISTS societes_coordonnees_check')
    this.schema.raw('ALTER TABLE societes DROP COLUMN IF EXISTS latitude')
    this.schema.raw('ALTER TABLE societes DROP COLUMN IF EXISTS longitude')
  }
}
