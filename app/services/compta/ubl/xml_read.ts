/*
 * Reading a UBL back for the rule checks (./rules.ts): fast-xml-parser with every element as an
 * array and every text as '#text', namespace prefixes dropped (another producer may choose other
 * prefixes; UBL has no cbc/cac name clash within one parent).
 */
import { XMLParser } from 'fast-xml-parser'
import { formatEuros, parseScaled } from '#shared/totals'
import { XML_READ_OPTIONS } from '../xml.js'

export type XNode = Record<string, any>

const parser = new XMLParser({
  ...XML_READ_OPTIONS,
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
})

export function parseXml(xml: string): XNode {
  return parser.parse(xml) as XNode
}

/** The nodes at a slash path below node ("Party/PostalAddress/Country"). */
export function all(node: XNode | undefined, path: string): XNode[] {
  let current: XNode[] = node ? [node] : []
  for (const name of path.split('/')) {
    current = current.flatMap((n) => (Array.isArray(n[name]) ? (n[name] as XNode[]) : []))
  }
  return current
}

export function first(node: XNode | undefined, path: string): XNode | undefined {
  return all(node, path)[0]
}

export function text(node: XNode | undefined): string {
  if (!node) return ''
  return String(node['#text'] ?? '').trim()
}

/** The text at path, '' when the element is absent. */
export function textAt(node: XNode | undefined, path: string): string {
  return text(first(node, path))
}

export function has(node: XNode | undefined, path: string): boolean {
  return all(node, path).length > 0
}

export function attr(node: XNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`]
  return value === undefined ? undefined : String(value)
}

/** Child element names of a node (attributes and text excluded). */
export function childNames(node: XNode): string[] {
  return Object.keys(node).filter((k) => k !== '#text' && !k.startsWith('@_'))
}

/**
 * A decimal text → integer scaled by 10^scale ("12.5", 2 → 1250n); null when absent or not a
 * plain decimal (more decimals than the scale included).
 */
export function dec(node: XNode | undefined, scale = 2): bigint | null {
  const value = text(node)
  if (!value || !/^-?\d+(\.\d+)?$/.test(value)) return null
  return parseScaled(value, scale)
}

/** Cents → « 1 234,56 € » for the messages (the app's money format). */
export function show(cents: bigint): string {
  return formatEuros(Number(cents))
}
