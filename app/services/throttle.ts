/*
 * Attempt limits of the auth flows (security-reliability-performance.md §A2): 5 login tries a
 * minute per email+IP and 30 failed logins a minute per IP, 5 second-factor or
 * password-confirmation tries a minute per user, one reset link a minute per email, verification emails 1 a minute and 6 an hour per user.
 */
import limiter from '@adonisjs/limiter/services/main'
import { errors, type Limiter } from '@adonisjs/limiter'
import { ActionLimitException } from '#exceptions/http_exceptions'
import env from '#start/env'

// Options objects are made per call: the limiter manager parses (mutates) them
export const limiters = {
  /** Failed attempts, penalised; 5 a minute, then blocked for a minute. */
  attempts: () => limiter.use({ requests: 5, duration: '1 min', blockDuration: '1 min' }),
  /** Failed logins from one IP across accounts: 30 a minute, then blocked for a minute. */
  ipAttempts: () => limiter.use({ requests: 30, duration: '1 min', blockDuration: '1 min' }),
  perMinute: () => limiter.use({ requests: 1, duration: '1 min' }),
  sixPerHour: () => limiter.use({ requests: 6, duration: '1 hour' }),
}

export const throttleKeys = {
  login: (email: string, ip: string) => `login:${email.trim().toLowerCase()}|${ip}`,
  loginIp: (ip: string) => `login_ip:${ip}`,
  twoFactor: (userId: number) => `two_factor:${userId}`,
  stepUp: (userId: number) => `step_up:${userId}`,
  confirmPassword: (userId: number) => `confirm_password:${userId}`,
  forgotPassword: (email: string) => `forgot_password:${email.trim().toLowerCase()}`,
  // One key per limit: the database and Redis stores keep every limiter's counts in one table
  verificationMinute: (userId: number) => `verification_minute:${userId}`,
  verificationHour: (userId: number) => `verification_hour:${userId}`,
}

/** Seconds to wait before the next try (0 = allowed now), over one or more limits. */
export async function secondsToWait(checks: [Limiter, string][]): Promise<number> {
  let wait = 0
  for (const [l, key] of checks) {
    const state = await l.get(key)
    if (state && state.remaining <= 0) wait = Math.max(wait, state.availableIn, 1)
  }
  return wait
}

/**
 * Takes one try atomically BEFORE the check (the store's consume), so parallel requests cannot
 * all pass a read-then-count window: returns the seconds to wait when the limit is reached
 * (nothing checked then), else 0. The try stays counted until `clearTries` (on success).
 */
export async function takeTry(l: Limiter, key: string): Promise<number> {
  try {
    await l.consume(key)
    return 0
  } catch (error) {
    if (!(error instanceof errors.E_TOO_MANY_REQUESTS)) throw error
    return Math.max(error.response.availableIn, 1)
  }
}

/** Gives back a try taken by `takeTry` (a success that must not count as a failure). */
export async function giveBackTry(l: Limiter, key: string) {
  await l.decrement(key)
}

/** Counts one try against each limit. */
export async function countTry(checks: [Limiter, string][]) {
  for (const [l, key] of checks) await l.increment(key)
}

export async function clearTries(l: Limiter, key: string) {
  await l.delete(key)
}

function seconds(n: number) {
  return n > 1 ? `${n} secondes` : '1 seconde'
}

export function tooManyAttemptsMessage(wait: number): string {
  return `Trop de tentatives. Veuillez réessayer dans ${seconds(wait)}.`
}

export function waitBeforeResendMessage(wait: number): string {
  return `Veuillez patienter ${seconds(wait)} avant de demander un nouvel e-mail.`
}

/*
 * Actions that cost (a mail under the company's sender, a PDF render, a CSV export): per user,
 * and for mails per document too. Counted before the work; the 11th mail of a document in an
 * hour is refused with the French message (a toast on pages, 429 JSON for API callers).
 */
export const ACTION_LIMITS = {
  mailPerDocument: { requests: 10, duration: '1 hour' },
  mailPerUser: { requests: 50, duration: '1 hour' },
  pdfPerUser: { requests: env.get('PDF_PER_MINUTE') ?? 30, duration: '1 min' },
  exportPerUser: { requests: 10, duration: '1 min' },
  /** A bank statement or a catalogue CSV: parsed, matched and written in one request. */
  importPerUser: { requests: 10, duration: '1 min' },
}

export type CostlyAction = 'mail' | 'pdf' | 'export' | 'import'

const ACTION_WORDS: Record<CostlyAction, string> = {
  mail: 'd’e-mails envoyés',
  pdf: 'de PDF générés',
  export: 'd’exports',
  import: 'd’imports',
}

function waitWords(wait: number) {
  return wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : seconds(wait)
}

export function actionLimitMessage(action: CostlyAction, wait: number): string {
  return `Trop ${ACTION_WORDS[action]} en peu de temps. Veuillez réessayer dans ${waitWords(wait)}.`
}

/**
 * Takes one of the user's allowance for the action (and the document's, for a mail, e.g.
 * `offre:12`); throws ActionLimitException when one is used up. The one helper every mail,
 * PDF and export route calls before doing the work.
 */
export async function limitAction(
  userId: number,
  action: CostlyAction,
  document?: string
): Promise<void> {
  const checks: [Limiter, string][] = []
  if (action === 'mail') {
    if (document) {
      checks.push([limiter.use({ ...ACTION_LIMITS.mailPerDocument }), `mail_doc:${document}`])
    }
    checks.push([limiter.use({ ...ACTION_LIMITS.mailPerUser }), `mail_user:${userId}`])
  } else if (action === 'pdf') {
    checks.push([limiter.use({ ...ACTION_LIMITS.pdfPerUser }), `pdf_user:${userId}`])
  } else if (action === 'import') {
    checks.push([limiter.use({ ...ACTION_LIMITS.importPerUser }), `import_user:${userId}`])
  } else {
    checks.push([limiter.use({ ...ACTION_LIMITS.exportPerUser }), `export_user:${userId}`])
  }
  for (const [l, key] of checks) {
    const wait = await takeTry(l, key)
    if (wait > 0) throw new ActionLimitException(actionLimitMessage(action, wait), wait)
  }
}

/**
 * The customer's PDFs behind a signed link (a devis, a facture): no user, so per address; 30 a
 * minute leaves a customer room to download each version while a script cannot make the server
 * render PDFs in a loop.
 */
export const PUBLIC_PDF_LIMIT = { requests: 30, duration: '1 min' } as const

/** Takes one public PDF of that address; the seconds to wait when the limit is reached, else 0. */
export async function limitPublicPdf(ip: string): Promise<number> {
  return takeTry(limiter.use({ ...PUBLIC_PDF_LIMIT }), `public_pdf_ip:${ip}`)
}

export function publicPdfLimitMessage(wait: number): string {
  return `Trop de PDF demandés en peu de temps depuis votre connexion. Veuillez réessayer dans ${waitWords(wait)}.`
}
