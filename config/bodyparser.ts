import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { defineConfig } from '@adonisjs/core/bodyparser'

/**
 * The only routes that take files (multipart): the société logo (1 Mo), the signed bdc's scan
 * (5 Mo), the produits CSV import (2 Mo), the bank statement import (5 Mo) — read by the body
 * parser before the controller — and a commande's work photos, read by their controller with
 * their own caps (several photos of 15 Mo at most, 40 Mo a request: MANUAL_UPLOAD_ROUTES,
 * app/services/commandes/photo_upload.ts). Anywhere else a multipart body is refused before it
 * is read (#middleware/upload_guard_middleware), so nothing reaches the disk.
 */
export const UPLOAD_ROUTES = [
  '/app/company/:id/logo',
  '/esi/bdc/:id/signature',
  '/esi/produits/import',
  '/esi/compta/paiements/import',
]

/** Upload routes whose controller reads the multipart body itself (after the rights checks). */
export const MANUAL_UPLOAD_ROUTES = ['/esi/commandes/:id/fichiers']

/** Where the uploads wait while their request runs; emptied when each request ends. */
export function uploadTmpDir() {
  return join(tmpdir(), 'esi-uploads')
}

export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'] },
  json: {
    // Both done after parsing, by clean_input_middleware (normaliseStrings in
    // app/services/http/json_body.ts): either one makes the parser pass JSON.parse a reviver,
    // which takes it off V8's fast path (decisions 737, 842)
    convertEmptyStringsToNull: false,
    trimWhitespaces: false,
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  multipart: {
    autoProcess: UPLOAD_ROUTES,
    convertEmptyStringsToNull: true,
    processManually: MANUAL_UPLOAD_ROUTES,
    // The largest upload read by the parser (a 5 Mo scan) with room; each route checks its own cap
    limit: '16mb',
    tmpFileName: () => {
      mkdirSync(uploadTmpDir(), { recursive: true })
      return join(uploadTmpDir(), randomUUID())
    },
    types: ['multipart/form-data'],
  },
})
