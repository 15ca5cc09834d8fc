/*
 * Preload of the web server only (adonisrc.ts, environment « web »): the nightly compaction of
 * the statistics' pre-aggregates (decision 556). The figures are exact without it; it only keeps
 * the rows the statistics sum few. At 03:30 Brussels, and once at start.
 */
import app from '@adonisjs/core/services/app'
import { startDailyTimer } from '#services/daily_timer'
import { compactStats } from '#services/devis_list/devis_stats'

app.ready(() => {
  const stop = startDailyTimer('stats: compaction', [3, 30], compactStats)
  app.terminating(() => stop())
})
