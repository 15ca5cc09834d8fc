// The filters of the Approvisionnement and Fourniture lists: parsed from the query string, options.
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { parseId } from '#services/route_params'
import { cachedByVersions } from '#services/cache/versioned_cache'

export type StepFilters = {
  fournisseur_id: number | null
  commercial_id: number | null
  chef_projet_id: number | null
  du: string | null
  au: string | null
}

const ISO = /^\d{4}-\d{2}-\d{2}$/

/** ?filter[fournisseur_id]=…&filter[du]=2026-01-01: what is not understood is ignored, said. */
export function parseStepFilters(qs: Record<string, unknown>): {
  filters: StepFilters
  warnings: string[]
} {
  const raw = (qs.filter && typeof qs.filter === 'object' ? qs.filter : {}) as Record<
    string,
    unknown
  >
  const warnings: string[] = []
  const id = (key: string) => {
    const v = raw[key]
    if (v === undefined || v === '') return null
    const n = typeof v === 'string' ? parseId(v) : null
    if (!n) warnings.push(`Filtre « ${key} » ignoré : valeur non reconnue.`)
    return n ?? null
  }
  const date = (key: string) => {
    const v = raw[key]
    if (v === undefined || v === '') return null
    if (typeof v === 'string' && ISO.test(v) && DateTime.fromISO(v).isValid) return v
    warnings.push(`Filtre « ${key} » ignoré : date non reconnue (AAAA-MM-JJ).`)
    return null
  }
  const known = new Set(['fournisseur_id', 'commercial_id', 'chef_projet_id', 'du', 'au'])
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) warnings.push(`Filtre « ${key} » inconnu : ignoré.`)
  }
  return {
    filters: {
      fournisseur_id: id('fournisseur_id'),
      commercial_id: id('commercial_id'),
      chef_projet_id: id('chef_projet_id'),
      du: date('du'),
      au: date('au'),
    },
    warnings,
  }
}

/** The options of the filters: suppliers and staff. */
/** Each list kept while its table is unchanged (decision 542). */
/** The filters' fournisseurs and staff, in one statement when not kept (decision 664). */
export async function stepFilterOptions(): Promise<{
  fournisseurs: { id: number; nom: string }[]
  staff: { id: number; nom: string }[]
}> {
  return cachedByVersions(['societes', 'users'], 'step_options', async () => {
    const { rows } = await db.rawQuery(
      `SELECT
        (SELECT COALESCE(json_agg(json_build_object('id', id, 'nom', nom) ORDER BY nom), '[]')
          FROM societes WHERE type = 'fournisseur') AS fournisseurs,
        (SELECT COALESCE(json_agg(json_build_object('id', id, 'nom', name) ORDER BY name), '[]')
          FROM users WHERE role = 'esi') AS staff`
    )
    return { fournisseurs: rows[0].fournisseurs, staff: rows[0].staff }
  })
}
