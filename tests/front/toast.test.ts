import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { act } from 'react'
import Swal from 'sweetalert2'

// useFlashToasts reads the page's flash through usePage: the test sets it
const page = vi.hoisted(() => ({ props: { flash: {} as Record<string, string | undefined> } }))
vi.mock('@inertiajs/react', () => ({ usePage: () => page }))

const { toast, toastOptions, useFlashToasts, loadToasts, TOAST_DURATIONS, TOAST_DEFAULT_MESSAGES } =
  await import('~/lib/toast')

// sweetalert2 is loaded on the first toast (login budget, decision 576); loaded, a toast opens
// at once, which the timer tests below rely on
beforeAll(async () => {
  await loadToasts()
})

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
// jsdom has no matchMedia; sweetalert2's icons listen to the colour scheme
window.matchMedia ??= (media: string) =>
  ({
    matches: false,
    media,
    addEventListener() {},
    removeEventListener() {},
  }) as unknown as MediaQueryList
// jsdom has no innerText, which sweetalert2 uses for titleText
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

const title = () => document.querySelector('.swal2-title')?.textContent ?? null
// Swal.isVisible() measures layout, which jsdom has not; an open popup carries swal2-show
const isOpen = () => document.querySelector('.swal2-popup.swal2-show') !== null
/** Waits until the open toast shows `text` (sweetalert2 finishes opening a tick later). */
const shown = (text: string) => vi.waitFor(() => expect(isOpen() && title()).toBe(text))

afterEach(() => {
  Swal.close()
})

describe('toast options (SPEC.md §8, §9)', () => {
  it('durations: success and info 3000 ms, warning and error 4000 ms', () => {
    expect(TOAST_DURATIONS).toEqual({ success: 3000, info: 3000, warning: 4000, error: 4000 })
    expect(toastOptions('success').timer).toBe(3000)
    expect(toastOptions('info').timer).toBe(3000)
    expect(toastOptions('warning').timer).toBe(4000)
    expect(toastOptions('error').timer).toBe(4000)
  })

  it('default texts per type', () => {
    expect(toastOptions('success').titleText).toBe('Action réussie')
    expect(toastOptions('error').titleText).toBe('Une erreur est survenue')
    expect(toastOptions('info').titleText).toBe('Information')
    expect(toastOptions('warning').titleText).toBe('Attention')
    expect(TOAST_DEFAULT_MESSAGES.success).toBe('Action réussie')
  })

  it('a given message replaces the default; a blank one does not', () => {
    expect(toastOptions('success', 'Devis enregistré.')).toMatchObject({
      titleText: 'Devis enregistré.',
      icon: 'success',
    })
    expect(toastOptions('error', '   ').titleText).toBe('Une erreur est survenue')
  })
})

describe('toast() with sweetalert2', () => {
  it('shows a top-right toast with progress bar and no confirm button', async () => {
    void toast('success')
    await shown('Action réussie')

    const popup = Swal.getPopup()!
    expect(popup.classList.contains('swal2-toast')).toBe(true)
    expect(document.querySelector('.swal2-container')!.classList.contains('swal2-top-end')).toBe(
      true
    )
    expect(Swal.getConfirmButton()!.style.display).toBe('none')
    expect(Swal.getTimerProgressBar()).not.toBeNull()
    expect(popup.querySelector('.swal2-icon.swal2-success')).not.toBeNull()
  })

  it.each([
    ['success', 3000],
    ['info', 3000],
    ['warning', 4000],
    ['error', 4000],
  ] as const)('%s lasts %i ms', async (type, ms) => {
    vi.useFakeTimers()
    try {
      const closed = toast(type, 'Message')
      expect(Swal.getTimerLeft()).toBe(ms)
      await vi.advanceTimersByTimeAsync(ms - 10)
      expect(isOpen()).toBe(true)
      await vi.advanceTimersByTimeAsync(20)
      await expect(closed).resolves.toMatchObject({ dismiss: Swal.DismissReason.timer })
    } finally {
      vi.useRealTimers()
    }
  })

  it('prints the message as text, not HTML', async () => {
    void toast('info', '<b>Client</b> créé')
    await shown('<b>Client</b> créé')
    expect(document.querySelector('.swal2-title b')).toBeNull()
  })
})

describe('useFlashToasts', () => {
  let root: Root
  function Probe() {
    useFlashToasts()
    return null
  }
  const render = () => act(() => root.render(createElement(Probe)))

  it('shows each flash message once per visit, the error first', async () => {
    root = createRoot(document.createElement('div'))
    page.props = { flash: { success: 'Devis enregistré.', error: 'Échec de l’envoi.' } }
    await render()
    await shown('Échec de l’envoi.')

    Swal.close()
    await shown('Devis enregistré.')
    Swal.close()
    await vi.waitFor(() => expect(isOpen()).toBe(false))

    // Same visit (same flash object) re-rendered: nothing new
    await render()
    await new Promise((r) => setTimeout(r, 20))
    expect(isOpen()).toBe(false)

    // A new visit with the same text shows it again
    page.props = { flash: { success: 'Devis enregistré.' } }
    await render()
    await shown('Devis enregistré.')
    act(() => root.unmount())
  })

  it('shows nothing when the flash is empty', async () => {
    root = createRoot(document.createElement('div'))
    page.props = { flash: { success: undefined, error: undefined } }
    await render()
    await new Promise((r) => setTimeout(r, 20))
    expect(isOpen()).toBe(false)
    act(() => root.unmount())
  })
})
