/*
 * Which peers may set X-Forwarded-For (config/app.ts http.trustProxy): only the addresses or
 * CIDR ranges listed in TRUSTED_PROXIES (comma-separated), loopback when unset, nobody with
 * `none`. Any other client's header is ignored, so rotating it neither lifts the rate limits
 * nor forges the audit IP.
 */
import { BlockList, isIP } from 'node:net'

export const DEFAULT_TRUSTED_PROXIES = '127.0.0.1,::1'

/** `::ffff:10.0.0.1` (an IPv4 peer on an IPv6 socket) is 10.0.0.1. */
function plain(address: string): string {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)
  return mapped ? mapped[1] : address
}

/** The list parsed once; throws at boot on an entry that is not an address or a CIDR range. */
export function trustedProxies(list: string | undefined): (address: string) => boolean {
  const source = (list ?? DEFAULT_TRUSTED_PROXIES).trim()
  const trusted = new BlockList()
  if (source === '' || source.toLowerCase() === 'none') return () => false
  for (const entry of source
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split('/')
    const family = isIP(address)
    if (!family || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR range`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) trusted.addAddress(address, type)
    else trusted.addSubnet(address, Number(bits), type)
  }
  return (address: string) => {
    const ip = plain(address)
    const family = isIP(ip)
    return family !== 0 && trusted.check(ip, family === 4 ? 'ipv4' : 'ipv6')
  }
}
