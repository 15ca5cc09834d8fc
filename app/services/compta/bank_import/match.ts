/*
 * Automatic matching of imported lines to what clients owe (decision 198): first the
 * structured communication, then the exact amount with a counterparty that looks like the
 * client, only when one item fits. Everything else is left for manual matching.
 */
import { normalizeStructuredCommunication } from '#shared/validation/belgium'
import type { StatementLine } from './types.js'

export interface OpenItem {
  id: number | string
  kind: 'facture' | 'demande_paiement'
  client_id: number | string
  client_nom: string
  /** Cents still due */
  reste: number
  communication: string | null
}

export interface LineMatch {
  unique_key: string
  match: { id: OpenItem['id']; kind: OpenItem['kind']; how: 'communication' | 'montant_nom' } | null
}

// Words that say nothing about who pays: legal forms, titles, joining words
const NOISE = new Set(
  'sa srl sprl bv bvba nv sc scrl scs snc asbl vzw cv cvba sas sarl gmbh ltd m mr mme mlle monsieur madame dhr mevr et en de du des la le les van der den epoux ep'.split(
    ' '
  )
)

export function nameTokens(name: string | null | undefined): string[] {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0 && !NOISE.has(t))
}

/**
 * "DUPONT-LAMBERT MARIE" resembles « Marie Dupont-Lambert »; « M. J. Dupont » resembles
 * « Jean Dupont » (an initial matches a word it starts); banks cut names at 35 characters, so
 * the last word may be a prefix. Every word of the shorter name must be found in the other
 * one, and at least one shared word must be a real word (3 letters or more).
 */
export function namesResemble(a: string | null | undefined, b: string | null | undefined): boolean {
  const ta = nameTokens(a)
  const tb = nameTokens(b)
  if (ta.length === 0 || tb.length === 0) return false
  const [short, long] = ta.length <= tb.length ? [ta, tb] : [tb, ta]
  let strong = false
  for (const [i, word] of short.entries()) {
    const last = i === short.length - 1
    const found = long.some((other) => {
      if (word.length === 1 || other.length === 1) return other[0] === word[0]
      if (other === word) return true
      return last && word.length >= 3 && other.startsWith(word)
    })
    if (!found) return false
    if (word.length >= 3 && long.some((other) => other === word || other.startsWith(word)))
      strong = true
  }
  return strong
}

export function matchLines(lines: StatementLine[], openItems: OpenItem[]): LineMatch[] {
  // What each item still awaits as the file is read: a second transfer of the same amount
  // does not match an item the first one already settled
  const reste = new Map(openItems.map((item) => [item, item.reste]))
  const byCommunication = new Map<string, OpenItem[]>()
  for (const item of openItems) {
    const key = normalizeStructuredCommunication(item.communication)
    if (key) byCommunication.set(key, [...(byCommunication.get(key) ?? []), item])
  }

  return lines.map((line) => {
    const none = { unique_key: line.unique_key, match: null }
    if (line.amount <= 0) return none

    const communication = normalizeStructuredCommunication(line.structured_communication)
    if (communication) {
      const found = byCommunication.get(communication) ?? []
      if (found.length === 1) {
        const item = found[0]
        reste.set(item, (reste.get(item) ?? 0) - line.amount)
        return {
          unique_key: line.unique_key,
          match: { id: item.id, kind: item.kind, how: 'communication' as const },
        }
      }
      if (found.length > 1) return none
    }

    const candidates = openItems.filter(
      (item) =>
        reste.get(item) === line.amount && namesResemble(line.counterparty_name, item.client_nom)
    )
    if (candidates.length !== 1) return none
    const item = candidates[0]
    reste.set(item, 0)
    return {
      unique_key: line.unique_key,
      match: { id: item.id, kind: item.kind, how: 'montant_nom' as const },
    }
  })
}
