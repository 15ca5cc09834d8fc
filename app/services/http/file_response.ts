import drive from '@adonisjs/drive/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#exceptions/http_exceptions'
import type { StoredFile } from '#services/storage/files'

/**
 * Streams a stored file as a download: type chosen by the server from the checked format,
 * `nosniff`, a sandboxing CSP and `attachment` (an <img> still shows an image; opened alone, the
 * file downloads, ASVS 5.4 / 3.2.1). 404 for no file or a file gone from the disk.
 */
export async function sendFile(
  response: HttpContext['response'],
  file: StoredFile | null,
  /** filename: the download's name without extension (the checked format's is added). */
  options: { filename: string; cacheControl: string }
): Promise<void> {
  if (!file) throw new NotFoundException()
  const disk = drive.use()
  const metadata = await disk.getMetaData(file.key).catch(() => null)
  if (!metadata) throw new NotFoundException()
  response.header('X-Content-Type-Options', 'nosniff')
  response.header('Content-Security-Policy', "default-src 'none'; sandbox")
  response.header('Cache-Control', options.cacheControl)
  response.header('Content-Type', file.mime)
  // The download name is built by the app; anything unusual in it is replaced anyway
  const filename = `${options.filename}.${file.format}`.replace(/[^\w.-]/g, '_')
  response.header('Content-Disposition', `attachment; filename="${filename}"`)
  if (metadata.etag) response.header('ETag', metadata.etag)
  if (response.fresh()) {
    response.status(304)
    return
  }
  response.header('Content-Length', String(metadata.contentLength))
  response.stream(await disk.getStream(file.key))
}
