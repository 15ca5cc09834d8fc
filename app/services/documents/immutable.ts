/*
 * Issued documents are immutable (DESIGN.md §3): an accepted or cancelled devis, a transmitted
 * offre, a bon de commande (a copy of the accepted devis) and a demande de paiement keep the
 * content they were issued with. Every writer goes through the model, whose beforeUpdate hook
 * calls this guard, so no service can forget it; statut, dates and version may still change.
 */
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { AppException } from '#exceptions/http_exceptions'

export const FROZEN_MESSAGE =
  'Ce document est émis : son contenu ne peut plus être modifié. Dupliquez-le ou faites-en une nouvelle version.'

export class FrozenDocumentException extends AppException {
  static status = 422
  static code = 'E_FROZEN_DOCUMENT'
}

/** Throws when `frozen` and one of the content attributes is being changed. */
export function assertNotFrozen(row: LucidRow, content: readonly string[], frozen: boolean) {
  if (!frozen || !row.$isPersisted) return
  const changed = Object.keys(row.$dirty).filter((key) => content.includes(key))
  if (changed.length) throw new FrozenDocumentException(FROZEN_MESSAGE)
}

/**
 * The SQLSTATE a database trigger raises when an issued document is touched (factures,
 * migration 0500): the exception handler answers it with FrozenDocumentException (422) and
 * the trigger's own French message.
 */
export const FROZEN_SQLSTATE = 'ZF001'

/** The trigger's message without PostgreSQL's context lines. */
export function frozenFromDatabase(error: unknown): FrozenDocumentException | null {
  const e = error as { code?: string; message?: string }
  if (e?.code !== FROZEN_SQLSTATE) return null
  // pg prefixes the statement ("update … - La facture …"): keep the trigger's sentence
  const text = String(e.message ?? '')
  const start = text.search(/La (facture|note de crédit)/)
  return new FrozenDocumentException(start >= 0 ? text.slice(start) : FROZEN_MESSAGE)
}
