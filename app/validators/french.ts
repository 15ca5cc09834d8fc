import { SimpleMessagesProvider } from '@vinejs/vine'
import { fields, messages } from '#start/validator'

/** The app's French messages and field names, plus those of one form. */
export function frenchMessages(
  extraMessages: Record<string, string>,
  extraFields: Record<string, string> = {}
) {
  return new SimpleMessagesProvider(
    { ...messages, ...extraMessages },
    { ...fields, ...extraFields }
  )
}

/** Every rule a field may fail, for one French message per field (vine reads `field.rule`). */
const RULES = [
  'required',
  'string',
  'number',
  'boolean',
  'enum',
  'regex',
  'minLength',
  'maxLength',
  'min',
  'max',
  'withoutDecimals',
  'positive',
  'array',
  'object',
  'array.minLength',
  'array.maxLength',
]

/** The same French message for every rule of `field` (« Latitude invalide… »). */
export function each(field: string, message: string): Record<string, string> {
  return Object.fromEntries(RULES.map((rule) => [`${field}.${rule}`, message]))
}
