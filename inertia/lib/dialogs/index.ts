/*
 * sweetalert2 dialogs with the French texts of SPEC.md §9: confirm, prompt, status change and
 * the cancellation reason flow (SPEC.md §4, §5). The pure rules live in ./validation.
 */
import Swal, {
  type SweetAlertCustomClass,
  type SweetAlertIcon,
  type SweetAlertOptions,
} from 'sweetalert2'
import {
  cancellationOptions,
  cancellationResult,
  counterText,
  FREE_TEXT_MAX,
  OTHER_REASON,
  promptMax,
  showsCounter,
  validatePromptValue,
  type PromptInputType,
  type ValidationMessages,
} from './validation'

export * from './validation'

export const DIALOG_TEXTS = {
  confirmTitle: 'Êtes-vous sûr ?',
  statusTitle: 'Modification de statut',
  cancellationTitle: "Motif d'annulation",
  delete: 'Supprimer',
  edit: 'Modifier',
  cancel: 'Annuler',
  confirm: 'Confirmer',
  validate: 'Valider',
  continue: 'Continuer',
} as const

// Bootstrap buttons instead of sweetalert2's own styling
const BUTTON_CLASSES = {
  confirmButton: 'btn btn-primary m-1',
  cancelButton: 'btn btn-secondary m-1',
  denyButton: 'btn btn-danger m-1',
}

interface BaseOptions {
  showCancelButton: boolean
  confirmButtonText: string
  cancelButtonText: string
  buttonsStyling: boolean
  customClass: SweetAlertCustomClass
}

function base(confirmButtonText: string, danger = false): BaseOptions {
  return {
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText: DIALOG_TEXTS.cancel,
    buttonsStyling: false,
    customClass: danger
      ? { ...BUTTON_CLASSES, confirmButton: 'btn btn-danger m-1' }
      : BUTTON_CLASSES,
  }
}

/* ------------------------------------------------------------------------------- confirm */

export interface ConfirmOptions {
  /** Default 'Êtes-vous sûr ?'. */
  title?: string
  text?: string
  /** Default 'warning'. */
  icon?: SweetAlertIcon
  /** Default 'Confirmer'. */
  confirmText?: string
  /** Red confirm button, focus on Annuler (destructive actions). */
  danger?: boolean
}

export function confirmOptions(options: ConfirmOptions = {}): SweetAlertOptions {
  return {
    ...base(options.confirmText ?? DIALOG_TEXTS.confirm, options.danger),
    titleText: options.title ?? DIALOG_TEXTS.confirmTitle,
    text: options.text,
    icon: options.icon ?? 'warning',
    focusCancel: options.danger ?? false,
  }
}

/** Resolves to true when confirmed, false otherwise (cancel, Escape, backdrop). */
export async function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  const result = await Swal.fire(confirmOptions(options))
  return result.isConfirmed
}

/** Confirm a deletion: 'Supprimer' in red. */
export function confirmDelete(
  options: Omit<ConfirmOptions, 'confirmText' | 'danger'> = {}
): Promise<boolean> {
  return confirm({ ...options, confirmText: DIALOG_TEXTS.delete, danger: true })
}

/** Confirm a change: 'Modifier'. */
export function confirmEdit(options: Omit<ConfirmOptions, 'confirmText'> = {}): Promise<boolean> {
  return confirm({ ...options, confirmText: DIALOG_TEXTS.edit })
}

/* -------------------------------------------------------------------------------- prompt */

export interface PromptOptions {
  title: string
  text?: string
  label?: string
  placeholder?: string
  /** Default 'text'. */
  input?: PromptInputType
  value?: string
  required?: boolean
  /** Default 500; also the input's maxlength. */
  max?: number
  /** Override 'Ce champ est requis.', 'Maximum {n} caractères.', 'Invalid email address', 'Invalid URL'. */
  messages?: Partial<ValidationMessages>
  /** Default 'Valider'. */
  confirmText?: string
}

/** Adds the live 'length/max' counter under the input. */
function attachCounter(max: number): void {
  // getInput() is the visible field (the popup keeps every kind of input, hidden)
  const input = Swal.getInput() as HTMLInputElement | HTMLTextAreaElement | null
  if (!input) return
  const counter = document.createElement('div')
  counter.className = 'swal2-counter form-text text-end mx-4'
  counter.setAttribute('aria-live', 'polite')
  const update = () => {
    counter.textContent = counterText(input.value.length, max)
  }
  update()
  input.addEventListener('input', update)
  input.insertAdjacentElement('afterend', counter)
}

export function promptOptions(options: PromptOptions): SweetAlertOptions {
  const type = options.input ?? 'text'
  const max = promptMax(options)
  const rules = { type, required: options.required, max, messages: options.messages }
  return {
    ...base(options.confirmText ?? DIALOG_TEXTS.validate),
    titleText: options.title,
    text: options.text,
    input: type,
    inputLabel: options.label,
    inputPlaceholder: options.placeholder,
    inputValue: options.value ?? '',
    inputAttributes: { maxlength: String(max) },
    // Replaces sweetalert2's own email/url validators: ours also trims and checks the length
    inputValidator: (value: string) => validatePromptValue(value, rules),
    didOpen: showsCounter(type) ? () => attachCounter(max) : undefined,
  }
}

/** Resolves to the trimmed input, or null when cancelled. */
export async function prompt(options: PromptOptions): Promise<string | null> {
  const result = await Swal.fire(promptOptions(options))
  if (!result.isConfirmed) return null
  return String(result.value ?? '').trim()
}

/* ---------------------------------------------------------------------- status change */

export interface StatusChoice {
  value: string
  label: string
}

export interface ChangeStatusOptions {
  statuses: StatusChoice[]
  /** Preselected value (the current status). */
  current?: string
  /** Default 'Modification de statut'. */
  title?: string
  text?: string
  /** Default 'Modifier'. */
  confirmText?: string
}

export function changeStatusOptions(options: ChangeStatusOptions): SweetAlertOptions {
  return {
    ...base(options.confirmText ?? DIALOG_TEXTS.edit),
    titleText: options.title ?? DIALOG_TEXTS.statusTitle,
    text: options.text,
    input: 'select',
    // A Map keeps the caller's order
    inputOptions: new Map(options.statuses.map((s) => [s.value, s.label])),
    inputValue: options.current ?? options.statuses[0]?.value ?? '',
  }
}

/** The 'Modification de statut' dialog: resolves to the chosen status, or null when cancelled. */
export async function changeStatus(options: ChangeStatusOptions): Promise<string | null> {
  const result = await Swal.fire(changeStatusOptions(options))
  return result.isConfirmed ? String(result.value) : null
}

/* ----------------------------------------------------------------- cancellation reason */

export function cancellationReasonOptions(): SweetAlertOptions {
  return {
    ...base(DIALOG_TEXTS.continue),
    titleText: DIALOG_TEXTS.cancellationTitle,
    input: 'select',
    // No inputPlaceholder: sweetalert2 would add a blank option, and a reason must be chosen
    inputOptions: cancellationOptions(),
    inputValue: cancellationOptions().keys().next().value,
  }
}

export function cancellationFreeTextOptions(): SweetAlertOptions {
  return promptOptions({
    title: DIALOG_TEXTS.cancellationTitle,
    label: 'Précisez le motif',
    input: 'textarea',
    max: FREE_TEXT_MAX,
  })
}

/**
 * SPEC.md §4: asks for a reason; Autre asks for free text in a second dialog. Resolves to the
 * reason (spaces, not underscores), the free text, or null when cancelled at either step.
 */
export async function askCancellationReason(): Promise<string | null> {
  const first = await Swal.fire(cancellationReasonOptions())
  if (!first.isConfirmed) return null
  const choice = String(first.value)
  if (choice !== OTHER_REASON) return cancellationResult(choice)
  const second = await Swal.fire(cancellationFreeTextOptions())
  return cancellationResult(choice, second.isConfirmed ? String(second.value ?? '') : null)
}
