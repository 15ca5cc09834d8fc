import { afterEach, describe, expect, it, vi } from 'vitest'
import Swal from 'sweetalert2'
import {
  askCancellationReason,
  cancellationOptions,
  cancellationReasonOptions,
  cancellationResult,
  CANCELLATION_REASONS,
  changeStatus,
  changeStatusOptions,
  confirm,
  confirmDelete,
  confirmEdit,
  confirmOptions,
  counterText,
  DIALOG_TEXTS,
  maxMessage,
  prompt,
  promptOptions,
  PROMPT_MAX_DEFAULT,
  showsCounter,
  validatePromptValue,
} from '~/lib/dialogs'

// jsdom lacks matchMedia and innerText, both used by sweetalert2
window.matchMedia ??= (media: string) =>
  ({
    matches: false,
    media,
    addEventListener() {},
    removeEventListener() {},
  }) as unknown as MediaQueryList
if (!Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'innerText')) {
  Object.defineProperty(HTMLElement.prototype, 'innerText', {
    get(this: HTMLElement) {
      return this.textContent
    },
    set(this: HTMLElement, value: string) {
      this.textContent = value
    },
    configurable: true,
  })
}

/* ------------------------------------------------------------------ driving sweetalert2 */

const popup = () => document.querySelector<HTMLElement>('.swal2-popup.swal2-show')
const text = (selector: string) => document.querySelector(selector)?.textContent ?? null

/** Waits for an open dialog whose title is `title`. */
async function opened(title: string) {
  await vi.waitFor(() => expect(popup() && text('.swal2-title')).toBe(title))
}
function typeInto(selector: string, value: string) {
  const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector)!
  field.value = value
  field.dispatchEvent(new Event('input', { bubbles: true }))
}
function select(value: string) {
  document.querySelector<HTMLSelectElement>('.swal2-select')!.value = value
}
const clickConfirm = () => Swal.getConfirmButton()!.click()
const clickCancel = () => Swal.getCancelButton()!.click()

afterEach(() => {
  Swal.close()
})

/* ------------------------------------------------------------------------ pure rules */

describe('prompt validation (SPEC.md §5)', () => {
  it('judges the trimmed value', () => {
    expect(validatePromptValue('   ', { required: true })).toBe('Ce champ est requis.')
    expect(validatePromptValue('', { required: true })).toBe('Ce champ est requis.')
    expect(validatePromptValue('  a  ', { required: true })).toBeNull()
    expect(validatePromptValue('   ', {})).toBeNull()
    // 3 characters once trimmed, max 3: valid
    expect(validatePromptValue('  abc  ', { max: 3 })).toBeNull()
  })

  it('maximum: default 500, message with n', () => {
    expect(PROMPT_MAX_DEFAULT).toBe(500)
    expect(validatePromptValue('a'.repeat(500))).toBeNull()
    expect(validatePromptValue('a'.repeat(501))).toBe('Maximum 500 caractères.')
    expect(validatePromptValue('abcd', { max: 3 })).toBe('Maximum 3 caractères.')
    expect(maxMessage(120)).toBe('Maximum 120 caractères.')
  })

  it('email and url checks with default and overridden messages', () => {
    expect(validatePromptValue('jean@exemple.be', { type: 'email' })).toBeNull()
    expect(validatePromptValue('jean@', { type: 'email' })).toBe('Invalid email address')
    expect(validatePromptValue('https://www.exemple.be/devis?id=3', { type: 'url' })).toBeNull()
    expect(validatePromptValue('exemple', { type: 'url' })).toBe('Invalid URL')
    expect(
      validatePromptValue('x', { type: 'email', messages: { email: 'Adresse e-mail invalide.' } })
    ).toBe('Adresse e-mail invalide.')
    expect(
      validatePromptValue('x', { type: 'url', messages: { url: 'Adresse web invalide.' } })
    ).toBe('Adresse web invalide.')
    expect(validatePromptValue('', { required: true, messages: { required: 'Obligatoire' } })).toBe(
      'Obligatoire'
    )
    expect(validatePromptValue('abcd', { max: 2, messages: { max: 'Au plus {n}' } })).toBe(
      'Au plus 2'
    )
    // Empty and not required: no format check
    expect(validatePromptValue('', { type: 'email' })).toBeNull()
  })

  it('counter text and where it shows', () => {
    expect(counterText(12, 500)).toBe('12/500')
    expect(showsCounter('text')).toBe(true)
    expect(showsCounter('textarea')).toBe(true)
    expect(showsCounter('email')).toBe(false)
    expect(showsCounter('url')).toBe(false)
  })
})

describe('cancellation reason (SPEC.md §4, §5)', () => {
  it('exactly four choices, no blank one, labels with spaces', () => {
    expect([...CANCELLATION_REASONS]).toEqual([
      'Doublon',
      'Erreur_de_prix',
      "Client_s'est_rétracté",
      'Autre',
    ])
    expect([...cancellationOptions().values()]).toEqual([
      'Doublon',
      'Erreur de prix',
      "Client s'est rétracté",
      'Autre',
    ])
    expect(cancellationReasonOptions().inputPlaceholder).toBeUndefined()
  })

  it('maps the result', () => {
    expect(cancellationResult('Doublon')).toBe('Doublon')
    expect(cancellationResult('Erreur_de_prix')).toBe('Erreur de prix')
    expect(cancellationResult("Client_s'est_rétracté")).toBe("Client s'est rétracté")
    expect(cancellationResult('Autre', '  Chantier reporté  ')).toBe('Chantier reporté')
    expect(cancellationResult('Autre', '   ')).toBe('Autre')
    expect(cancellationResult('Autre', null)).toBeNull()
    expect(cancellationResult(null)).toBeNull()
  })
})

describe('dialog options (SPEC.md §9 texts)', () => {
  it('confirm defaults', () => {
    expect(confirmOptions()).toMatchObject({
      titleText: 'Êtes-vous sûr ?',
      confirmButtonText: 'Confirmer',
      cancelButtonText: 'Annuler',
      showCancelButton: true,
      icon: 'warning',
    })
  })

  it('prompt: Valider, maxlength attribute = max (default 500)', () => {
    expect(promptOptions({ title: 'Note' })).toMatchObject({
      confirmButtonText: 'Valider',
      cancelButtonText: 'Annuler',
      input: 'text',
      inputAttributes: { maxlength: '500' },
    })
    expect(promptOptions({ title: 'Note', max: 80 }).inputAttributes).toEqual({ maxlength: '80' })
  })

  it('status change and cancellation titles and buttons', () => {
    const status = changeStatusOptions({ statuses: [{ value: 'envoye', label: 'Envoyé' }] })
    expect(status).toMatchObject({
      titleText: 'Modification de statut',
      confirmButtonText: 'Modifier',
      input: 'select',
    })
    expect(cancellationReasonOptions()).toMatchObject({
      titleText: "Motif d'annulation",
      confirmButtonText: 'Continuer',
      cancelButtonText: 'Annuler',
    })
    expect(DIALOG_TEXTS).toMatchObject({ delete: 'Supprimer', edit: 'Modifier' })
  })
})

/* ------------------------------------------------------------- the real dialogs (jsdom) */

describe('confirm()', () => {
  it('resolves true on Confirmer, false on Annuler', async () => {
    const yes = confirm({ text: 'Le devis sera envoyé.' })
    await opened('Êtes-vous sûr ?')
    expect(Swal.getConfirmButton()!.textContent).toBe('Confirmer')
    expect(Swal.getCancelButton()!.textContent).toBe('Annuler')
    clickConfirm()
    await expect(yes).resolves.toBe(true)

    const no = confirm()
    await opened('Êtes-vous sûr ?')
    clickCancel()
    await expect(no).resolves.toBe(false)
  })

  it('confirmDelete says Supprimer, confirmEdit says Modifier', async () => {
    const del = confirmDelete()
    await opened('Êtes-vous sûr ?')
    expect(Swal.getConfirmButton()!.textContent).toBe('Supprimer')
    expect(Swal.getConfirmButton()!.className).toContain('btn-danger')
    clickCancel()
    await expect(del).resolves.toBe(false)

    const edit = confirmEdit()
    await opened('Êtes-vous sûr ?')
    expect(Swal.getConfirmButton()!.textContent).toBe('Modifier')
    clickConfirm()
    await expect(edit).resolves.toBe(true)
  })
})

describe('prompt()', () => {
  it('resolves to the trimmed input; null when cancelled', async () => {
    const answer = prompt({ title: 'Référence' })
    await opened('Référence')
    typeInto('.swal2-input', '   REF-42  ')
    clickConfirm()
    await expect(answer).resolves.toBe('REF-42')

    const cancelled = prompt({ title: 'Référence' })
    await opened('Référence')
    clickCancel()
    await expect(cancelled).resolves.toBeNull()
  })

  it('keeps the dialog open with the required message', async () => {
    const answer = prompt({ title: 'Motif', required: true })
    await opened('Motif')
    typeInto('.swal2-input', '   ')
    clickConfirm()
    await vi.waitFor(() => expect(text('.swal2-validation-message')).toBe('Ce champ est requis.'))
    typeInto('.swal2-input', 'ok')
    clickConfirm()
    await expect(answer).resolves.toBe('ok')
  })

  it('shows the max message for a longer prefilled value, and sets maxlength', async () => {
    const answer = prompt({ title: 'Code', max: 5, value: 'abcdefgh' })
    await opened('Code')
    expect(document.querySelector('.swal2-input')!.getAttribute('maxlength')).toBe('5')
    clickConfirm()
    await vi.waitFor(() => expect(text('.swal2-validation-message')).toBe('Maximum 5 caractères.'))
    clickCancel()
    await expect(answer).resolves.toBeNull()
  })

  it('live counter under a textarea: length/max', async () => {
    const answer = prompt({ title: 'Remarque', input: 'textarea' })
    await opened('Remarque')
    expect(text('.swal2-counter')).toBe('0/500')
    typeInto('.swal2-textarea', 'Bonjour')
    expect(text('.swal2-counter')).toBe('7/500')
    clickCancel()
    await answer
  })

  it('no counter on an email input, whose check gives the default message', async () => {
    const answer = prompt({ title: 'E-mail', input: 'email' })
    await opened('E-mail')
    expect(document.querySelector('.swal2-counter')).toBeNull()
    typeInto('.swal2-input', 'pas-un-email')
    clickConfirm()
    await vi.waitFor(() => expect(text('.swal2-validation-message')).toBe('Invalid email address'))
    clickCancel()
    await expect(answer).resolves.toBeNull()
  })
})

describe('changeStatus()', () => {
  it('offers the statuses, preselects the current one, resolves to the choice', async () => {
    const statuses = [
      { value: 'brouillon', label: 'Brouillon' },
      { value: 'envoye', label: 'Envoyé' },
      { value: 'accepte', label: 'Accepté' },
    ]
    const chosen = changeStatus({ statuses, current: 'envoye' })
    await opened('Modification de statut')
    const options = [...document.querySelectorAll<HTMLOptionElement>('.swal2-select option')]
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['brouillon', 'Brouillon'],
      ['envoye', 'Envoyé'],
      ['accepte', 'Accepté'],
    ])
    expect(document.querySelector<HTMLSelectElement>('.swal2-select')!.value).toBe('envoye')
    select('accepte')
    clickConfirm()
    await expect(chosen).resolves.toBe('accepte')

    const cancelled = changeStatus({ statuses })
    await opened('Modification de statut')
    clickCancel()
    await expect(cancelled).resolves.toBeNull()
  })
})

describe('askCancellationReason()', () => {
  it('select of four reasons with no blank option; a listed one comes back with spaces', async () => {
    const reason = askCancellationReason()
    await opened("Motif d'annulation")
    const options = [...document.querySelectorAll<HTMLOptionElement>('.swal2-select option')]
    expect(options.map((o) => o.value)).toEqual([
      'Doublon',
      'Erreur_de_prix',
      "Client_s'est_rétracté",
      'Autre',
    ])
    expect(options.map((o) => o.textContent)).toEqual([
      'Doublon',
      'Erreur de prix',
      "Client s'est rétracté",
      'Autre',
    ])
    expect(document.querySelector<HTMLSelectElement>('.swal2-select')!.value).toBe('Doublon')
    expect(Swal.getConfirmButton()!.textContent).toBe('Continuer')
    select("Client_s'est_rétracté")
    clickConfirm()
    await expect(reason).resolves.toBe("Client s'est rétracté")
  })

  it('Autre asks for free text (max 500, not required) and returns it', async () => {
    const reason = askCancellationReason()
    await opened("Motif d'annulation")
    select('Autre')
    clickConfirm()
    await vi.waitFor(() =>
      expect(document.querySelector('.swal2-textarea')?.getAttribute('maxlength')).toBe('500')
    )
    await vi.waitFor(() => expect(text('.swal2-counter')).toBe('0/500'))
    typeInto('.swal2-textarea', '  Client injoignable  ')
    expect(text('.swal2-counter')).toBe('22/500')
    clickConfirm()
    await expect(reason).resolves.toBe('Client injoignable')
  })

  it('Autre left empty gives "Autre"; cancelling either step gives null', async () => {
    const empty = askCancellationReason()
    await opened("Motif d'annulation")
    select('Autre')
    clickConfirm()
    await vi.waitFor(() => expect(text('.swal2-counter')).toBe('0/500'))
    clickConfirm()
    await expect(empty).resolves.toBe('Autre')

    const first = askCancellationReason()
    await opened("Motif d'annulation")
    clickCancel()
    await expect(first).resolves.toBeNull()

    const second = askCancellationReason()
    await opened("Motif d'annulation")
    select('Autre')
    clickConfirm()
    await vi.waitFor(() => expect(text('.swal2-counter')).toBe('0/500'))
    clickCancel()
    await expect(second).resolves.toBeNull()
  })
})
