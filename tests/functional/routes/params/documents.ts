/*
 * Parameters of the preview and PDF routes (start/routes/documents.ts) for the route × role
 * matrix: a devis with one line, and for the version PDF an earlier version of it. Listed after
 * devisParams in index.ts so the revision number given here wins.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { makeDevis, makeRevision, produit } from '#tests/functional/pdf/helpers'

const ROUTES = new Set(['esi.devis.preview', 'esi.devis.pdf', 'esi.devis.revision_pdf'])

export const documentParams: ParamProvider[] = [
  {
    matches: (route) => ROUTES.has(route.name ?? ''),
    params: async (route): Promise<Record<string, number>> => {
      const made = await makeDevis({ numero: `DEV-2026-${Math.floor(Math.random() * 1e9)}` })
      if (route.name !== 'esi.devis.revision_pdf') return { id: made.devis.id }
      await makeRevision(made, 1, [produit('Version 1', 10000)])
      return { id: made.devis.id, revision: 1 }
    },
  },
]
