/*
 * The React root of the jsdom front tests: one fresh container and root per test, unmounted and
 * removed after it, and the way to type into a React-controlled field.
 */
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach } from 'vitest'

export type MountedRoot = {
  /** The test's container, in document.body. */
  readonly container: HTMLDivElement
  readonly root: Root
  /** root.render inside act(), so effects and state updates are flushed on return. */
  render(node: ReactNode): void
  /** The input or textarea the selector finds in the container; throws if there is none. */
  field(selector: string): HTMLInputElement | HTMLTextAreaElement
}

/**
 * Call at module or describe level: registers the beforeEach that mounts a new root and the
 * afterEach that unmounts it (so effects' cleanups run and no listener leaks into the next test).
 * Hooks follow vitest's 'stack' order: those registered before this call run before the root
 * is created and after it is removed.
 */
export function mountRoot(): MountedRoot {
  // Without this flag React warns that the environment does not support act()
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  let current: { container: HTMLDivElement; root: Root } | undefined

  beforeEach(() => {
    const container = document.createElement('div')
    document.body.appendChild(container)
    current = { container, root: createRoot(container) }
  })

  afterEach(() => {
    const { container, root } = mounted()
    act(() => root.unmount())
    container.remove()
    current = undefined
  })

  function mounted() {
    if (!current) throw new Error('mountRoot: the root exists only inside a test')
    return current
  }

  return {
    get container() {
      return mounted().container
    },
    get root() {
      return mounted().root
    },
    render(node) {
      act(() => mounted().root.render(node))
    },
    field(selector) {
      const el = mounted().container.querySelector(selector)
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el
      throw new Error(`No input or textarea matches ${selector}`)
    },
  }
}

/**
 * Types a value into a React-controlled input or textarea. React tracks the value through the
 * element's own `value` property, so a plain `el.value = …` is taken as already known and the
 * 'input' event changes nothing; the prototype's setter bypasses that tracker.
 */
export function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement
  const setter = Object.getOwnPropertyDescriptor(proto.prototype, 'value')!.set!
  act(() => {
    setter.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
