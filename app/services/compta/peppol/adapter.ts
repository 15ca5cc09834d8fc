/*
 * The Peppol access point (issue 11 §5, decision 278): a configured adapter, none by default —
 * then the UBL is only downloaded and attached to the email, and the pages offer no sending.
 * `directory` writes the file into a folder an access point picks up (its SFTP outbox),
 * `http` POSTs it to the access point's URL with a bearer token. Chosen by PEPPOL_* settings.
 */
import env from '#start/env'
import { directoryAdapter } from '#services/compta/peppol/directory_adapter'
import { httpAdapter } from '#services/compta/peppol/http_adapter'

export type PeppolAdapterName = 'directory' | 'http'

export type PeppolFile = { filename: string; content: string }

export interface PeppolAdapter {
  name: PeppolAdapterName
  /** Hands the file over; resolves with the access point's message id, throws a French error. */
  send(file: PeppolFile): Promise<{ messageId: string | null }>
}

export type PeppolSettings =
  | { adapter: 'none' }
  | { adapter: 'directory'; directory: string }
  | { adapter: 'http'; url: string; token: string | null; timeoutMs: number }

export const PEPPOL_HTTP_TIMEOUT_MS = 15_000

/** The settings from the environment; an adapter missing its folder or URL is none. */
export function peppolSettingsFromEnv(): PeppolSettings {
  const adapter = env.get('PEPPOL_ADAPTER') ?? 'none'
  const directory = env.get('PEPPOL_DIRECTORY')
  const url = env.get('PEPPOL_HTTP_URL')
  if (adapter === 'directory' && directory) return { adapter, directory }
  if (adapter === 'http' && url) {
    return {
      adapter,
      url,
      token: env.get('PEPPOL_HTTP_TOKEN')?.release() ?? null,
      timeoutMs: env.get('PEPPOL_HTTP_TIMEOUT_MS') ?? PEPPOL_HTTP_TIMEOUT_MS,
    }
  }
  return { adapter: 'none' }
}

let override: PeppolSettings | null = null

/** Tests only: the settings to use instead of the environment's (null: back to them). */
export function usePeppolSettings(settings: PeppolSettings | null) {
  override = settings
}

/** The configured adapter, or null when none is. */
export function peppolAdapter(): PeppolAdapter | null {
  const settings = override ?? peppolSettingsFromEnv()
  switch (settings.adapter) {
    case 'directory':
      return directoryAdapter(settings.directory)
    case 'http':
      return httpAdapter(settings)
    default:
      return null
  }
}
