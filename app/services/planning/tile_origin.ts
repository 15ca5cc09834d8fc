/*
 * The planning map's tile server origin (MAP_TILE_URL), allowed as an image source by the CSP
 * (config/shield.ts). No import: the shield config reads it at boot.
 */
/** The tile server's origin, allowed as an image source by the CSP (config/shield.ts). */
export function tileOrigin(url: string | undefined = process.env.MAP_TILE_URL): string | null {
  if (!url?.trim()) return null
  try {
    // The template's {s} subdomain becomes a wildcard
    const origin = new URL(url.trim().replace('{s}.', 'a.')).origin
    return url.includes('{s}.') ? origin.replace('//a.', '//*.') : origin
  } catch {
    return null
  }
}
