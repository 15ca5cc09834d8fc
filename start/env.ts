/*
 * Every environment variable the app reads, validated at boot. README § Configuration lists them.
 */
import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.string.optional(),
  /** Daily relances proposals (HH:MM Europe/Brussels, default 07:00; « off »: cron only). */
  RELANCES_HEURE: Env.schema.string.optional(),
  /** Reminders of tomorrow's visits (HH:MM Europe/Brussels, default 17:00; « off »: none). */
  RAPPELS_HEURE: Env.schema.string.optional(),
  // Job queue: database (default, the app's PostgreSQL), redis, or sync (tests: run at once)
  QUEUE_DRIVER: Env.schema.enum.optional(['database', 'redis', 'sync'] as const),
  // inline: the web process also runs the worker (default outside production); off: `node ace queue:work`
  QUEUE_WORKER: Env.schema.enum.optional(['inline', 'off'] as const),
  // Reverse proxies allowed to set X-Forwarded-For: IPs/CIDRs, comma-separated; unset = loopback
  TRUSTED_PROXIES: Env.schema.string.optional(),
  // The developer error page (stack trace) instead of the French error pages: `npm run dev` only
  APP_DEBUG: Env.schema.boolean.optional(),

  // Session store: database (default; redis with REDIS_URL), redis (scaled out), cookie, memory (tests)
  SESSION_DRIVER: Env.schema.enum.optional(['cookie', 'memory', 'database', 'redis'] as const),

  // Database: DATABASE_URL wins; else DB_* ; else (outside production) the embedded PostgreSQL server
  DATABASE_URL: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),
  DB_SSL: Env.schema.boolean.optional(),
  DB_POOL_MAX: Env.schema.number.optional(),
  // A read replica for the analyses' reports (config/database.ts, connection pg_read)
  DB_READ_URL: Env.schema.string.optional(),

  // redis[s]://[user:password@]host[:port][/db]: sessions, limiter and queue in Redis at once
  REDIS_URL: Env.schema.string.optional(),
  REDIS_KEY_PREFIX: Env.schema.string.optional(),
  REDIS_HOST: Env.schema.string.optional({ format: 'host' }),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),

  // PDFs one user may ask a minute (default 30, decision 638): an office printing in batches
  // may want more; the bench lifts it for its single user
  PDF_PER_MINUTE: Env.schema.number.optional(),

  // Target of the "Administration" external link of the esi menu (admin droit only)
  ADMIN_URL: Env.schema.string.optional(),

  // Mail: `smtp` (default in production) or `file` (default elsewhere: kept under storage/mails)
  MAIL_MAILER: Env.schema.enum.optional(['smtp', 'file'] as const),
  MAIL_FROM_ADDRESS: Env.schema.string.optional({ format: 'email' }),
  MAIL_FROM_NAME: Env.schema.string.optional(),
  MAIL_REPLY_TO: Env.schema.string.optional({ format: 'email' }),
  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),

  // Rate limiter store: database (default), redis (default when SESSION_DRIVER=redis), memory (tests)
  LIMITER_STORE: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),

  // File storage (config/drive.ts): the local disk under storage/ (default) or an S3-compatible
  // bucket; s3 needs the optional package @aws-sdk/client-s3 and the S3_* variables
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  // The local disk's folder (default storage/): a volume of its own in production
  DRIVE_ROOT: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),

  // Peppol access point (app/services/compta/peppol): none by default (the UBL is downloaded and
  // attached to the email); `directory` writes it into PEPPOL_DIRECTORY (an AP's outbox);
  // `http` POSTs it to PEPPOL_HTTP_URL with the bearer PEPPOL_HTTP_TOKEN
  PEPPOL_ADAPTER: Env.schema.enum.optional(['none', 'directory', 'http'] as const),
  PEPPOL_DIRECTORY: Env.schema.string.optional(),
  PEPPOL_HTTP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  PEPPOL_HTTP_TOKEN: Env.schema.secret.optional(),
  PEPPOL_HTTP_TIMEOUT_MS: Env.schema.number.optional(),

  // The planning map (issue 13 §4): a tile server for production (unset: the offline base map,
  // no network request), an optional OSRM server for road distances, a geocoder (none by default)
  MAP_TILE_URL: Env.schema.string.optional(),
  MAP_TILE_ATTRIBUTION: Env.schema.string.optional(),
  OSRM_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  GEOCODER: Env.schema.enum.optional(['none', 'nominatim'] as const),
  GEOCODER_URL: Env.schema.string.optional({ format: 'url', tld: false }),
})
