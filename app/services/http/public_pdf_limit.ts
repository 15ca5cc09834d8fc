import type { HttpContext } from '@adonisjs/core/http'
import { limitPublicPdf, publicPdfLimitMessage } from '#services/throttle'

/**
 * The customer's PDFs behind a signed link (a devis, a facture): one public PDF taken for the
 * caller's address; over the limit, the French 429 (with Retry-After) is set on the response and
 * true is returned: the controller answers with it as it is.
 */
export async function refusedPublicPdf({
  request,
  response,
}: Pick<HttpContext, 'request' | 'response'>): Promise<boolean> {
  const wait = await limitPublicPdf(request.ip())
  if (wait <= 0) return false
  response.header('Retry-After', String(wait))
  response.status(429).type('text/plain; charset=utf-8').send(publicPdfLimitMessage(wait))
  return true
}
