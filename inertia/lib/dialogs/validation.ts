/*
 * Pure rules behind the dialogs (SPEC.md §4, §5, §9), kept apart from sweetalert2 so they are
 * unit-testable without a DOM.
 */

/** SPEC.md §9: prompt maximum text length. */
export const PROMPT_MAX_DEFAULT = 500

export type PromptInputType = 'text' | 'textarea' | 'email' | 'url'

export const VALIDATION_MESSAGES = {
  required: 'Ce champ est requis.',
  /** `{n}` is replaced by the maximum. */
  max: 'Maximum {n} caractères.',
  // SPEC.md §5 keeps sweetalert2's own English defaults for these two
  email: 'Invalid email address',
  url: 'Invalid URL',
} as const

export type ValidationMessages = { [K in keyof typeof VALIDATION_MESSAGES]: string }

// The patterns sweetalert2 itself uses for its email and url inputs
export const EMAIL_PATTERN = /^[a-zA-Z0-9.+_'-]+@[a-zA-Z0-9.-]+\.[a-zA-Z0-9-]+$/
export const URL_PATTERN =
  /^https?:\/\/(www\.)?[-a-zA-Z0-9@:%._+~#=]{1,256}\.[a-z]{2,63}\b([-a-zA-Z0-9@:%_+.~#?&/=]*)$/

export interface PromptRules {
  type?: PromptInputType
  required?: boolean
  /** Default 500 (SPEC.md §9). */
  max?: number
  messages?: Partial<ValidationMessages>
}

export function promptMax(rules: Pick<PromptRules, 'max'>): number {
  return rules.max !== undefined && rules.max > 0 ? rules.max : PROMPT_MAX_DEFAULT
}

export function maxMessage(max: number, template: string = VALIDATION_MESSAGES.max): string {
  return template.replaceAll('{n}', String(max))
}

/**
 * The error message for a prompt's raw input, or null when it is valid. The value is judged
 * trimmed: spaces alone do not fill a required field nor count against the maximum.
 */
export function validatePromptValue(
  raw: string | null | undefined,
  rules: PromptRules = {}
): string | null {
  const messages = { ...VALIDATION_MESSAGES, ...rules.messages }
  const value = (raw ?? '').trim()
  const max = promptMax(rules)
  if (value === '') return rules.required ? messages.required : null
  if (value.length > max) return maxMessage(max, messages.max)
  if (rules.type === 'email' && !EMAIL_PATTERN.test(value)) return messages.email
  if (rules.type === 'url' && !URL_PATTERN.test(value)) return messages.url
  return null
}

/** SPEC.md §5: the live counter shows for text and textarea inputs only. */
export function showsCounter(type: PromptInputType = 'text'): boolean {
  return type === 'text' || type === 'textarea'
}

/** The live counter's text, e.g. "12/500". */
export function counterText(length: number, max: number): string {
  return `${length}/${max}`
}

/* ---------------------------------------------------------------- cancellation (SPEC.md §4) */

/** Option values: underscores stand for spaces, turned back into spaces in the result. */
export const CANCELLATION_REASONS = [
  'Doublon',
  'Erreur_de_prix',
  "Client_s'est_rétracté",
  'Autre',
] as const
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]
export const OTHER_REASON: CancellationReason = 'Autre'
/** SPEC.md §5: the free-text reason is limited to 500 characters. */
export const FREE_TEXT_MAX = 500

export function reasonLabel(value: string): string {
  return value.replaceAll('_', ' ')
}

/** The select's options, in the spec's order, with no blank choice (a reason is always chosen). */
export function cancellationOptions(): Map<string, string> {
  return new Map(CANCELLATION_REASONS.map((value) => [value, reasonLabel(value)]))
}

/**
 * The flow's result: null when cancelled (at either step), the free text for Autre (or "Autre"
 * itself when the text was left empty), else the listed reason with spaces.
 */
export function cancellationResult(
  choice: string | null | undefined,
  freeText?: string | null
): string | null {
  if (choice === null || choice === undefined || choice === '') return null
  if (choice === OTHER_REASON) {
    if (freeText === null || freeText === undefined) return null
    const text = freeText.trim()
    return text === '' ? OTHER_REASON : text
  }
  return reasonLabel(choice)
}
