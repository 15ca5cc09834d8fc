/*
 * Phone numbers as people type them in Belgium: "081 22 33 44", "0478/12.34.56",
 * "+32 478 12 34 56", "0032 4 223 45 67". Kept as typed (spaces tidied), checked for shape.
 */
export const PHONE_MESSAGE =
  'Numéro de téléphone invalide : 9 à 15 chiffres, éventuellement précédés de + (ex. 081 22 33 44).'

/** The tidied number, or null when it is not a phone number. */
export function normalizePhone(input: string): string | null {
  const text = input.trim().replace(/\s+/g, ' ')
  if (!/^(\+|00)?[\d\s./()-]+$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  if (digits.length < 9 || digits.length > 15) return null
  return text
}
