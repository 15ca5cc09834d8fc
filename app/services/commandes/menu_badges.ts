/*
 * The Commandes menu's counts are read on every staff page, so they are kept for 30 s in the
 * process (decision 286): at 20 000 commandes their query takes ~60 ms, paid by each Inertia
 * visit before. A change of a step or of a commande's statut in this process forgets them
 * when its transaction commits, so whoever made the change sees it at once; another process
 * (a second server) may show counts up to 30 s old.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export const MENU_BADGES_TTL_MS = 30_000

let kept: { at: number; value: Promise<Record<string, number>> } | null = null

/** The counts, computed at most once per TTL (concurrent visits share one query). */
export function cachedMenuBadges(
  compute: () => Promise<Record<string, number>>
): Promise<Record<string, number>> {
  const now = Date.now()
  if (!kept || now - kept.at > MENU_BADGES_TTL_MS) {
    const value = compute().catch((error) => {
      kept = null
      throw error
    })
    kept = { at: now, value }
  }
  return kept.value
}

/** Forgets the counts now and again once the transaction commits (the change is visible). */
export function forgetMenuBadges(trx?: TransactionClientContract | null): void {
  kept = null
  trx?.after('commit', () => {
    kept = null
  })
}
