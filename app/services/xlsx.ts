/*
 * The same exports as XLSX (issue 11 §5, for the accountant): one sheet, the header bold and
 * frozen, amounts as numbers. Cells are typed: a text is written as a string cell, never as a
 * formula, so « =HYPERLINK(…) » stays text (ASVS 1.2.10) without the apostrophe the CSV needs.
 */
import ExcelJS from 'exceljs'
import { PassThrough } from 'node:stream'
import { AMOUNT_CELL, type CsvExport } from '#services/csv'

export function xlsxCell(value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number') return value
  const text = value instanceof Date ? value.toISOString() : String(value)
  // What our CSV rows carry for an amount, read back as a number
  return AMOUNT_CELL.test(text) ? Number(text.replace(',', '.')) : text
}

/** The workbook, streamed as it is written (rows go out batch by batch). */
export function xlsxStream(file: CsvExport): PassThrough {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true })
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] })
  ;(async () => {
    const header = sheet.addRow(file.header)
    header.font = { bold: true }
    header.commit()
    for await (const rows of file.batches) {
      for (const row of rows) sheet.addRow(row.map(xlsxCell)).commit()
    }
    sheet.commit()
    await workbook.commit()
  })().catch((error) => out.destroy(error))
  return out
}

/** file.csv → file.xlsx */
export function xlsxFilename(filename: string): string {
  return filename.replace(/\.csv$/i, '') + '.xlsx'
}
