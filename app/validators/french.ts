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
