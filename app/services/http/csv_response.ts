import type { HttpContext } from '@adonisjs/core/http'
import { Readable } from 'node:stream'
import { csvChunks, type CsvExport } from '#services/csv'

/** Streams a CSV export as an attachment (never cached: it holds customer data). */
export function sendCsv(response: HttpContext['response'], file: CsvExport) {
  response.header('Content-Type', 'text/csv; charset=utf-8')
  response.header('Content-Disposition', `attachment; filename="${file.filename}"`)
  response.header('Cache-Control', 'no-store')
  response.stream(Readable.from(csvChunks(file)))
}
