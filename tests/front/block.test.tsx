import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Block from '~/components/ui/Block'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root
const block = () => container.querySelector('.block')!
const button = (label: string) =>
  container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
})

afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

describe('Block (SPEC.md §4 block states)', () => {
  it('renders title, custom options and content; no header without them', () => {
    act(() =>
      root.render(
        <Block title="Titre" options={<button className="btn-block-option">x</button>}>
          Contenu
        </Block>
      )
    )
    expect(container.querySelector('.block-title')?.textContent).toBe('Titre')
    expect(container.querySelector('.block-options .btn-block-option')?.textContent).toBe('x')
    expect(block().classList.contains('block-rounded')).toBe(true)
    act(() => root.render(<Block rounded={false}>Seul</Block>))
    expect(container.querySelector('.block-header')).toBeNull()
    expect(block().classList.contains('block-rounded')).toBe(false)
  })

  it('loading shows a spinner overlay', () => {
    act(() =>
      root.render(
        <Block title="T" loading>
          x
        </Block>
      )
    )
    expect(block().classList.contains('block-mode-loading')).toBe(true)
    expect(block().getAttribute('aria-busy')).toBe('true')
    expect(container.querySelector('.block-loader .spinner-border')).not.toBeNull()
  })

  it('toggles fullscreen (Escape leaves it), pinned and content hidden', () => {
    act(() =>
      root.render(
        <Block title="T" fullscreenToggle pinToggle contentToggle themed>
          x
        </Block>
      )
    )
    expect(block().classList.contains('block-themed')).toBe(true)

    act(() => button('Plein écran').click())
    expect(block().classList.contains('block-mode-fullscreen')).toBe(true)
    expect(document.body.classList.contains('overflow-hidden')).toBe(true)
    act(() => {
      document.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
      )
    })
    expect(block().classList.contains('block-mode-fullscreen')).toBe(false)
    expect(document.body.classList.contains('overflow-hidden')).toBe(false)

    act(() => button('Épingler').click())
    expect(block().classList.contains('block-mode-pinned')).toBe(true)
    act(() => button('Détacher').click())
    expect(block().classList.contains('block-mode-pinned')).toBe(false)

    act(() => button('Masquer le contenu').click())
    expect(block().classList.contains('block-mode-hidden')).toBe(true)
    expect(container.querySelector<HTMLElement>('.block-content')!.hidden).toBe(true)
    act(() => button('Afficher le contenu').click())
    expect(block().classList.contains('block-mode-hidden')).toBe(false)
  })
})
