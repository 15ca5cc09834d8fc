/*
 * Minimal accessible dropdown on Bootstrap's markup, without Bootstrap's JS (no Popper needed for
 * header menus): closes on outside click, Escape (focus back to the toggle) and when an item is
 * chosen.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export interface DropdownProps {
  /** Content of the toggle button. */
  toggle: ReactNode
  toggleClassName?: string
  /** Accessible name when the toggle shows an icon only. */
  toggleLabel?: string
  menuClassName?: string
  align?: 'start' | 'end'
  className?: string
  children: ReactNode | ((close: () => void) => ReactNode)
}

export default function Dropdown({
  toggle,
  toggleClassName = 'btn btn-alt-secondary',
  toggleLabel,
  menuClassName = '',
  align = 'end',
  className = '',
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      // Handled here: the layout's Escape handler must not also close the side overlay
      e.preventDefault()
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown, true)
    }
  }, [open])

  const close = () => setOpen(false)

  return (
    <div ref={rootRef} className={`dropdown d-inline-block ${className}`}>
      <button
        ref={toggleRef}
        type="button"
        className={toggleClassName}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={toggleLabel}
        onClick={() => setOpen((v) => !v)}
      >
        {toggle}
      </button>
      <div
        id={menuId}
        data-bs-popper="static"
        className={`dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''} ${menuClassName}`}
        onClick={(e) => {
          // A chosen link or action closes the menu (the layout persists across visits)
          if ((e.target as HTMLElement).closest('a, [data-dropdown-close]')) close()
        }}
      >
        {typeof children === 'function' ? children(close) : children}
      </div>
    </div>
  )
}
