/*
 * A PDF worker thread (app/services/pdf/pdf_pool.ts): no app, no database, no logger; it draws
 * what it is given with the function the request thread would use, and sends the bytes back.
 */
import { drawDocument, type DrawInput } from '#services/pdf/render'

export async function document(input: DrawInput) {
  return drawDocument(input)
}
