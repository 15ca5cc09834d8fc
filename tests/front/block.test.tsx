import { act } from 'react'
import { describe, expect, it } from 'vitest'
import Block from '~/components/ui/Block'
import { mountRoot } from './helpers/react_root'

const dom = mountRoot()
const block = () => dom.container.querySelector('.block')!
const button = (label: string) =>
  dom.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!

describe('Block (SPEC.md §4 block states)', () => {
  it('renders title, custom options and content; no header without them', () => {
    dom.render(
      <Block title="Titre" options={<button className="btn-block-option">x</button>}>
        Contenu
      </Block>
    )
    expect(dom.container.querySelector('.block-title')?.textContent).toBe('Titre')
    expect(dom.container.querySelector('.block-options .btn-block-option')?.textContent).toBe('x')
    expect(block().classList.contains('block-rounded')).toBe(true)
    dom.render(<Block rounded={false}>Seul</Block>)
    expect(dom.container.querySelector('.block-header')).toBeNull()
    expect(block().classList.contains('block-rounded')).toBe(false)
  })

  it('loading shows a spinner overlay', () => {
    dom.render(
      <Block title="T" loading>
        x
      </Block>
    )
    expect(block().classList.contains('block-mode-loading')).toBe(true)
    expect(block().getAttribute('aria-busy')).toBe('true')
    expect(dom.container.querySelector('.block-loader .spinner-border')).not.toBeNull()
  })

  it('toggles fullscreen (Escape leaves it), pinned and content hidden', () => {
    dom.render(
      <Block title="T" fullscreenToggle pinToggle contentToggle themed>
        x
      </Block>
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
    expect(dom.container.querySelector<HTMLElement>('.block-content')!.hidden).toBe(true)
    act(() => button('Afficher le contenu').click())
    expect(block().classList.contains('block-mode-hidden')).toBe(false)
  })
})
