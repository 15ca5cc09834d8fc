import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/*
 * One file storage (app/services/storage/files.ts goes through it): the local disk `fs` by
 * default, an S3-compatible bucket with DRIVE_DISK=s3 (README § Configuration). Every file is
 * private: nothing is served as a static file or by drive's own route; the app's controllers
 * stream them after checking who asks.
 *
 * The local disk is rooted at storage/ so that the files kept before drive (storage/uploads/logos,
 * storage/signatures) keep their place; the keys never leave the folders the storage module
 * names. Each test process gets its own throwaway root.
 */
const disk = env.get('DRIVE_DISK') ?? 'fs'

/** The test process's own local disk (tests/bootstrap.ts removes it at the end of the run). */
export function testFilesRoot() {
  return app.makePath('storage', 'test', 'files', String(process.pid))
}

function s3Options() {
  const bucket = env.get('S3_BUCKET')
  const region = env.get('S3_REGION')
  const accessKeyId = env.get('S3_ACCESS_KEY_ID')
  const secretAccessKey = env.get('S3_SECRET_ACCESS_KEY')?.release()
  if (!bucket || !region || !accessKeyId || !secretAccessKey) {
    throw new Error(
      'DRIVE_DISK=s3 needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'
    )
  }
  for (const sdk of ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner']) {
    try {
      import.meta.resolve(sdk)
    } catch {
      throw new Error(
        'DRIVE_DISK=s3 needs `npm install @aws-sdk/client-s3 @aws-sdk/s3-request-presigner`'
      )
    }
  }
  return {
    bucket,
    region,
    credentials: { accessKeyId, secretAccessKey },
    // MinIO, Garage, Scaleway, R2…: their own endpoint, usually path-style
    endpoint: env.get('S3_ENDPOINT'),
    forcePathStyle: env.get('S3_FORCE_PATH_STYLE') ?? Boolean(env.get('S3_ENDPOINT')),
    visibility: 'private' as const,
    // Many S3-compatible stores have no object ACLs
    supportsACL: false,
    // Checksums only where S3 requires them: the SDK's default streams uploads as aws-chunked
    // with trailing checksums, which several S3-compatible stores keep as the file's bytes
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  }
}

const driveConfig = defineConfig({
  // The tests always use the real local disk, whatever the environment names
  default: app.inTest ? 'fs' : disk,
  services: {
    fs: services.fs({
      location: app.inTest ? testFilesRoot() : app.makePath('storage'),
      visibility: 'private',
      serveFiles: false,
    }),
    // Declared only when chosen: its driver loads @aws-sdk/client-s3, an optional install
    ...(disk === 's3' ? { s3: services.s3(s3Options()) } : {}),
  },
})

export default driveConfig
