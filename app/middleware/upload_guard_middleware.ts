import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { unlink } from 'node:fs/promises'
import { MANUAL_UPLOAD_ROUTES, UPLOAD_ROUTES } from '#config/bodyparser'
import { UnsupportedMediaTypeException } from '#exceptions/http_exceptions'

/**
 * Runs before the bodyparser: a multipart body outside the upload routes is refused before a
 * byte of it is read; on the upload routes, the temp files are deleted when the request ends,
 * whatever the answer (stored files were moved away already).
 */
export default class UploadGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!ctx.request.is(['multipart/form-data'])) return next()
    const pattern = ctx.route?.pattern ?? ''
    if (!UPLOAD_ROUTES.includes(pattern) && !MANUAL_UPLOAD_ROUTES.includes(pattern)) {
      throw new UnsupportedMediaTypeException()
    }
    try {
      return await next()
    } finally {
      await removeTempFiles(ctx)
    }
  }
}

async function removeTempFiles(ctx: HttpContext) {
  let files: ReturnType<HttpContext['request']['allFiles']>
  try {
    files = ctx.request.allFiles()
  } catch {
    return // the bodyparser did not run: nothing was written
  }
  const paths = Object.values(files)
    .flat()
    .map((file) => file.tmpPath)
    .filter((path): path is string => Boolean(path))
  await Promise.all(paths.map((path) => unlink(path).catch(() => {})))
}
