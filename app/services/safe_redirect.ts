/**
 * Redirect targets taken from stored or user data (ASVS 3.7.2): only a path of this site.
 * Browsers read `\` as `/`, so `/\evil.example` would be `//evil.example`, another host.
 */
export function isLocalPath(target: unknown): target is string {
  if (typeof target !== 'string' || !target.startsWith('/')) return false
  if (target.length > 2000) return false
  // Protocol-relative (//host), backslash tricks, control characters and whitespace
  if (/^\/[/\\]/.test(target) || /[\\\s]/.test(target) || hasControlCharacter(target)) return false
  try {
    const base = 'http://local.invalid'
    return new URL(target, base).origin === base
  } catch {
    return false
  }
}

export function localPathOr(target: unknown, fallback: string): string {
  return isLocalPath(target) ? target : fallback
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/**
 * The local path of the page the request came from (Referer of this site), else the fallback.
 * Used to come back after a detour (password confirmation, step-up) started by a form or XHR.
 */
export function refererPath(
  referer: string | undefined | null,
  host: string | undefined | null,
  fallback: string
): string {
  if (!referer) return fallback
  try {
    const url = new URL(referer, 'http://local.invalid')
    if (url.origin !== 'http://local.invalid' && url.host !== host) return fallback
    return localPathOr(url.pathname + url.search, fallback)
  } catch {
    return fallback
  }
}
