import type { HttpContext } from '@adonisjs/core/http'
import { Readable } from 'node:stream'
import { csvChunks, type CsvExport } from '#services/csv'
import { xlsxFilename, xlsxStream } from '#services/xlsx'

/** Streams a CSV export as an attachment (never cached: it holds customer data). */
export function sendCsv(response: HttpContext['response'], file: CsvExport) {
  response.header('Content-Type', 'text/csv; charset=utf-8')
  response.header('Content-Disposition', `attachment; filename="${file.filename}"`)
  response.header('Cache-Control', 'no-store')
  response.stream(Readable.from(csvChunks(file)))
}

/** The same export as an XLSX workbook (`?format=xlsx`), else CSV. */
export function sendExport(response: HttpContext['response'], file: CsvExport, format: unknown) {
  if (format !== 'xlsx') return sendCsv(response, file)
  response.header(
    'Content-Type',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )
  response.header('Content-Disposition', `attachment; filename="${xlsxFilename(file.filename)}"`)
  response.header('Cache-Control', 'no-store')
  response.stream(xlsxStream(file))
}
