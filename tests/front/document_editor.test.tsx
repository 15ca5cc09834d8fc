/*
 * The one document editor shell (jsdom): the unsaved-changes guard asks only when something
 * changed (and not after the change is typed back or saved), a 409 shows the sticky conflict
 * alert with everything typed kept, a 422 puts each French message on its field or line cell,
 * a save sends the lock_version seen and keeps the new one; the devis and offre editors use it.
 */
import { act } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const confirmMock = vi.hoisted(() => vi.fn())
const toastMock = vi.hoisted(() => vi.fn())
vi.mock('~/lib/dialogs', () => ({ confirm: confirmMock }))
vi.mock('~/lib/toast', () => ({ toast: toastMock }))

import { router } from '@inertiajs/react'
import { http, HttpError } from '~/lib/http'
import DocumentEditorLayout from '~/components/document_editor/DocumentEditorLayout'
import {
  payloadOf,
  useDocumentEditor,
  type DocumentEditorOptions,
} from '~/components/document_editor/use_document_editor'
import { saveFailure } from '~/components/document_editor/save_errors'
import { UNSAVED_TEXT } from '~/components/document_editor/use_unsaved_guard'
import { devisCatalogue } from '~/components/lignes/catalogue'
import { devisSavedMessage } from '~/components/devis/DevisForm'
import { emptyLigne, type LigneForm } from '@shared/devis'
import { mountRoot, typeInto } from './helpers/react_root'

type Form = {
  objet: string
  remise_globale_pct: string
  intro: string
  conditions: string
  lignes: LigneForm[]
}

const INITIAL: Form = {
  objet: 'Châssis',
  remise_globale_pct: '0',
  intro: '',
  conditions: '',
  lignes: [
    { ...emptyLigne('produit'), designation: 'Porte', quantite: '1', prix_unitaire_ht: '10' },
  ],
}

const dom = mountRoot()

beforeEach(() => {
  confirmMock.mockReset().mockResolvedValue(false)
  toastMock.mockReset()
})

function Editor(props: Partial<DocumentEditorOptions<Form>> & { withOptions?: boolean }) {
  const editor = useDocumentEditor<Form>({
    initial: INITIAL,
    labels: { objet: 'Objet' },
    lockVersion: 3,
    url: '/esi/devis/7',
    onCreated: () => {},
    failedMessage: 'Hors ligne.',
    ...props,
  })
  return (
    <DocumentEditorLayout
      editor={editor}
      label="Essai"
      header={
        <input
          id="objet"
          value={editor.data.objet}
          onChange={(e) => editor.set('objet', e.target.value)}
        />
      }
      catalogue={devisCatalogue}
      withOptions={props.withOptions}
      totalsLabel="Totaux"
      notSavedTitle="Le document n’est pas enregistré :"
      submitLabel="Enregistrer"
    />
  )
}

const $ = <E extends Element = HTMLElement>(selector: string) =>
  dom.container.querySelector<E>(selector)

/** An Inertia page visit about to leave: true when the guard stopped it. */
function visitStopped(): boolean {
  const event = new CustomEvent('inertia:before', {
    cancelable: true,
    detail: { visit: { url: new URL('http://localhost/esi/devis'), method: 'get' } },
  })
  document.dispatchEvent(event)
  return event.defaultPrevented
}

function closingStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

async function save() {
  await act(async () => {
    $<HTMLButtonElement>('button[type="submit"]')!.click()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

describe('document editor shell: unsaved-changes guard', () => {
  it('lets the user leave while nothing changed; asks (the SPEC dialog) once something did', () => {
    dom.render(<Editor />)
    expect(visitStopped()).toBe(false)
    expect(closingStopped()).toBe(false)
    expect(confirmMock).not.toHaveBeenCalled()

    typeInto(dom.field('#objet'), 'Châssis PVC')
    expect(text('[data-testid="editor-savebar"] [role="status"]')).toBe(
      'Modifications non enregistrées'
    )
    expect(visitStopped()).toBe(true)
    expect(confirmMock).toHaveBeenCalledWith({ text: UNSAVED_TEXT, confirmText: 'Continuer' })
    expect(closingStopped()).toBe(true)

    // Typed back to what was saved: nothing to lose
    typeInto(dom.field('#objet'), 'Châssis')
    expect(visitStopped()).toBe(false)
    expect(text('[data-testid="editor-savebar"] [role="status"]')).toBe('Tout est enregistré')
  })

  it('a line added counts as a change; a partial reload does not leave the page', () => {
    dom.render(<Editor />)
    act(() => {
      ;[
        ...dom.container.querySelectorAll<HTMLButtonElement>(
          '[aria-label="Ajouter une ligne"] button'
        ),
      ]
        .find((b) => b.textContent?.includes('Texte'))!
        .click()
    })
    const partial = new CustomEvent('inertia:before', {
      cancelable: true,
      detail: { visit: { url: new URL('http://localhost/x'), method: 'get', only: ['clients'] } },
    })
    document.dispatchEvent(partial)
    expect(partial.defaultPrevented).toBe(false)
    expect(visitStopped()).toBe(true)
  })
})

describe('document editor shell: one submit path', () => {
  it('saves with the version seen, keeps the new one, and is clean afterwards', async () => {
    const put = vi
      .spyOn(http, 'put')
      .mockResolvedValueOnce({ lock_version: 4, message: 'Enregistré.' })
      .mockResolvedValueOnce({ lock_version: 5 })
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => {})
    const onSaved = vi.fn(() => router.reload())
    dom.render(<Editor onSaved={onSaved} />)
    typeInto(dom.field('#objet'), 'Nouvel objet')
    await save()
    expect(put).toHaveBeenCalledWith('/esi/devis/7', {
      ...payloadOf({ ...INITIAL, objet: 'Nouvel objet' }),
      lock_version: 3,
    })
    expect(put.mock.calls[0][1]).not.toHaveProperty('lignes.0.key')
    expect(onSaved).toHaveBeenCalledWith({ lock_version: 4, message: 'Enregistré.' })
    expect(reload).toHaveBeenCalled()
    expect(toastMock).toHaveBeenCalledWith('success', 'Enregistré.')
    expect(text('[data-testid="editor-savebar"] [role="status"]')).toMatch(
      /^Enregistré à \d\d:\d\d$/
    )
    expect(visitStopped()).toBe(false)

    typeInto(dom.field('#objet'), 'Encore')
    await save()
    expect((put.mock.calls[1][1] as { lock_version: number }).lock_version).toBe(4)
  })

  it('409: the sticky conflict alert, everything typed kept, still unsaved', async () => {
    vi.spyOn(http, 'put').mockRejectedValue(
      new HttpError('PUT', '/esi/devis/7', 409, {
        message: 'Ce devis a été modifié par Marc Dubois entre-temps.',
      })
    )
    dom.render(<Editor />)
    typeInto(dom.field('#objet'), 'Ma version')
    typeInto(dom.field('#lignes-0-quantite'), '4')
    await save()
    const alert = $('[data-testid="editor-conflict"]')!
    expect(alert.className).toContain('sticky-top')
    expect(alert.textContent).toContain('Conflit de version')
    expect(alert.textContent).toContain('modifié par Marc Dubois')
    expect(alert.querySelector('button')!.textContent).toContain('Recharger la dernière version')
    expect($<HTMLInputElement>('#objet')!.value).toBe('Ma version')
    expect($<HTMLInputElement>('#lignes-0-quantite')!.value).toBe('4')
    expect(visitStopped()).toBe(true)
    expect(toastMock).not.toHaveBeenCalled()
  })

  it('422: each message on its field and its line cell, and a summary', async () => {
    vi.spyOn(http, 'put').mockRejectedValue(
      new HttpError('PUT', '/esi/devis/7', 422, {
        message: 'Les données envoyées sont invalides.',
        errors: [
          { field: 'objet', message: 'Saisissez l’objet.' },
          { field: 'lignes.0.quantite', message: 'Quantité invalide.' },
        ],
      })
    )
    dom.render(<Editor />)
    typeInto(dom.field('#objet'), 'x')
    await save()
    expect($('#lignes-0-quantite')!.className).toContain('is-invalid')
    expect(text('#lignes-0-quantite-error')).toBe('Quantité invalide.')
    const summary = text('[data-testid="editor-errors"]')
    expect(summary).toContain('Objet : Saisissez l’objet.')
    expect(summary).toContain('1 cellule des lignes est à corriger.')
    expect(toastMock).toHaveBeenCalledWith(
      'error',
      'Certains champs sont à corriger : voyez les messages en rouge.'
    )
    expect($<HTMLInputElement>('#objet')!.value).toBe('x')
    // The field's message goes once it is changed; the cell keeps its own until the next save
    typeInto(dom.field('#objet'), 'xy')
    expect(text('[data-testid="editor-errors"]')).not.toContain('Objet')
    expect(text('#lignes-0-quantite-error')).toBe('Quantité invalide.')
  })

  it('create: POST without a version, then the edit page, without the guard asking', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ id: 42 })
    const onCreated = vi.fn(() => visitStopped())
    dom.render(
      <Editor lockVersion={null} url="/esi/devis" onCreated={onCreated} createdMessage="Créé." />
    )
    expect(text('[data-testid="editor-savebar"] [role="status"]')).toBe('')
    typeInto(dom.field('#objet'), 'Neuf')
    await save()
    expect(post.mock.calls[0][1]).not.toHaveProperty('lock_version')
    expect(onCreated).toHaveBeenCalledWith({ id: 42 })
    expect(onCreated.mock.results[0].value).toBe(false)
    expect(toastMock).toHaveBeenCalledWith('success', 'Créé.')
  })

  it('read-only: no save bar, nothing guarded', () => {
    dom.render(<Editor readOnly />)
    expect($('button[type="submit"]')).toBeNull()
    expect(visitStopped()).toBe(false)
  })
})

describe('save failures and the devis toast', () => {
  it('classifies the answers', () => {
    expect(saveFailure(new TypeError('fetch'), 'Hors ligne.')).toEqual({
      kind: 'failed',
      message: 'Hors ligne.',
    })
    expect(saveFailure(new HttpError('PUT', '/x', 403, { message: 'Accès refusé.' }), '')).toEqual({
      kind: 'failed',
      message: 'Accès refusé.',
    })
    expect(saveFailure(new HttpError('PUT', '/x', 422, { message: 'Invalide.' }), '')).toEqual({
      kind: 'failed',
      message: 'Invalide.',
    })
  })

  it('a sent devis saved becomes its next revision', () => {
    expect(devisSavedMessage({ lock_version: 2, revision: 2 }, 1)).toBe(
      'Nouvelle version enregistrée (rév. 2) : le devis repasse en brouillon.'
    )
    expect(devisSavedMessage({ lock_version: 2, revision: 1 }, 1)).toBe('Devis enregistré.')
  })
})

function text(selector: string) {
  return dom.container.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim()
}

describe('devis options (issue 14 §1)', () => {
  const click = (selector: string) => act(() => $<HTMLInputElement>(selector)!.click())
  const total = () => $('[data-testid="ligne-total-0"]')!.textContent

  it('« Option » takes the line out of the total until it is proposed ticked', () => {
    dom.render(<Editor withOptions />)
    const ttc = () => dom.container.querySelector('table[aria-label="Totaux"]')!.textContent
    expect(ttc()).toContain('12,10')
    click('#lignes-0-optionnel')
    expect(total()).toContain('(10,00')
    expect(total()).toContain('hors total')
    expect(ttc()).not.toContain('12,10')
    click('#lignes-0-retenue')
    expect(total()).not.toContain('hors total')
    expect(ttc()).toContain('12,10')
  })

  it('an offre or a facture editor has no option switch', () => {
    dom.render(<Editor />)
    expect($('#lignes-0-optionnel')).toBeNull()
  })
})
