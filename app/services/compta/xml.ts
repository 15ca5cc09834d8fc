/*
 * The one way the compta modules read XML (bank statements, the UBL rule checks): strings
 * everywhere ("0.10" must not become 0.1, a reference must keep its leading zeros), attributes
 * kept as "@_name", namespace prefixes dropped (producers choose their own prefixes).
 */
import type { X2jOptions } from 'fast-xml-parser'

export const XML_READ_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
} satisfies Partial<X2jOptions>
