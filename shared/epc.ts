/*
 * EPC QR code payload ("Girocode", EPC069-12 v3.0): what a banking app scans to fill in a SEPA
 * credit transfer. Lines separated by LF: BCD / 002 / 1 (UTF-8) / SCT / BIC (optional in 002) /
 * beneficiary name ≤ 70 / IBAN / EUR<amount> / purpose ≤ 4 / structured reference ≤ 35 OR
 * unstructured remittance ≤ 140 / information ≤ 70. The QR itself uses error correction M.
 *
 * A Belgian structured communication goes into the structured reference as its 12 digits
 * (docs/DECISIONS.md): Belgian banking apps then fill in the +++…+++ field.
 */
import { isValidIban, normalizeIban } from './validation/belgium.js'

export type EpcInput = {
  bic?: string | null
  beneficiaire: string
  iban: string
  /** Cents, 1 .. 99 999 999 999 (0,01 € – 999 999 999,99 €). */
  montant: number
  /** Structured reference (e.g. +++123/4567/89002+++ or RF…); digits of a BE one are kept. */
  reference?: string | null
  /** Free text, used only when there is no structured reference. */
  texte?: string | null
  information?: string | null
}

export class EpcError extends Error {}

export function epcAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 1 || cents > 99_999_999_999) {
    throw new EpcError('Montant hors des limites EPC (0,01 € à 999 999 999,99 €).')
  }
  return `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** The structured reference as it goes into the payload: a BE structured comm. → 12 digits. */
export function epcReference(reference: string): string {
  const trimmed = reference.trim()
  if (/^[+*]{3}\d{3}\/\d{4}\/\d{5}[+*]{3}$/.test(trimmed)) return trimmed.replace(/\D/g, '')
  return trimmed.replace(/\s+/g, '')
}

export function epcPayload(input: EpcInput): string {
  const iban = normalizeIban(input.iban)
  if (!isValidIban(iban)) throw new EpcError('IBAN invalide.')
  const name = input.beneficiaire.trim()
  if (!name || name.length > 70)
    throw new EpcError('Nom du bénéficiaire requis (70 caractères au plus).')
  const bic = (input.bic ?? '').replace(/\s+/g, '').toUpperCase()
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new EpcError('BIC invalide.')
  const reference = input.reference ? epcReference(input.reference) : ''
  if (reference.length > 35) throw new EpcError('Référence structurée trop longue (35 au plus).')
  const texte = reference ? '' : (input.texte ?? '').trim()
  if (texte.length > 140) throw new EpcError('Communication trop longue (140 caractères au plus).')
  const information = (input.information ?? '').trim()
  if (information.length > 70)
    throw new EpcError('Information trop longue (70 caractères au plus).')

  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    iban,
    epcAmount(input.montant),
    '',
    reference,
    texte,
    information,
  ]
  // Trailing empty elements may be left out (EPC069-12 §3.4)
  while (lines.length > 8 && lines[lines.length - 1] === '') lines.pop()
  const payload = lines.join('\n')
  if (new TextEncoder().encode(payload).length > 331)
    throw new EpcError('Données EPC trop longues.')
  return payload
}
