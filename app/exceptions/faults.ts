/*
 * Faults of what the app stands on (issue 15 §2): the database gone or restarting, the disk
 * full. They reach the user as a French 503 or 507 (page, or JSON for API calls), never as a
 * trace; the transaction of the request was rolled back by PostgreSQL, the files it wrote are
 * removed by the storage module (app/services/storage/files.ts).
 */
import { AppException } from '#exceptions/http_exceptions'

export class ServiceUnavailableException extends AppException {
  static status = 503
  static code = 'E_SERVICE_UNAVAILABLE'
  static message = 'Service momentanément indisponible. Réessayez dans quelques instants.'
}

export class InsufficientStorageException extends AppException {
  static status = 507
  static code = 'E_INSUFFICIENT_STORAGE'
  static message =
    'Espace de stockage insuffisant : le fichier n’a pas été enregistré. Réessayez plus tard ou prévenez l’administrateur.'
}

/**
 * The client went away before its body was read: the connection closed while the request waited
 * (a closed tab, a benchmark's end). raw-body then says "stream is not readable" with a 500, or
 * "request aborted": no fault of the server, and nobody is left to read the answer.
 */
export class ClientClosedRequestException extends AppException {
  static status = 400
  static code = 'E_CLIENT_CLOSED_REQUEST'
  static message = 'La requête a été interrompue avant d’être reçue en entier. Réessayez.'
}

const CLIENT_GONE_TYPES = new Set(['stream.not.readable', 'request.aborted'])

/** True for the body reader's errors of a request whose client went away. */
export function clientGone(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type
  return typeof type === 'string' && CLIENT_GONE_TYPES.has(type)
}

/*
 * PostgreSQL's "connection exception" class (08) and its shutdown codes (57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now: starting up), and the socket errors of a
 * server that went away.
 */
const DATABASE_DOWN_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
])
// node-postgres says these without a code; knex's pool times out when no connection can be made
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|connection error and is not queryable|Knex: Timeout acquiring a connection/

/** The error and its causes (drive wraps the file system's, knex the driver's). */
function* chain(error: unknown) {
  let current = error as { cause?: unknown } | null | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    yield current as { code?: unknown; message?: unknown; name?: unknown }
    current = current.cause as typeof current
  }
}

/** The French exception a fault of the database or the disk is answered with; null otherwise. */
export function faultException(error: unknown): AppException | null {
  for (const link of chain(error)) {
    if (link.code === 'ENOSPC' || link.code === 'EDQUOT') return new InsufficientStorageException()
    if (typeof link.code === 'string' && DATABASE_DOWN_CODES.has(link.code)) {
      return new ServiceUnavailableException()
    }
    if (link.name === 'KnexTimeoutError') return new ServiceUnavailableException()
    if (typeof link.message === 'string' && DATABASE_DOWN_MESSAGES.test(link.message)) {
      return new ServiceUnavailableException()
    }
  }
  return null
}
