/*
 * A Bootstrap modal driven by React (no Bootstrap JS): Escape and the close button close it,
 * focus goes into it when it opens and back to where it was when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'

export interface DialogModalProps {
  show: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  size?: 'sm' | 'lg' | 'xl'
}

export default function DialogModal({
  show,
  title,
  onClose,
  children,
  footer,
  size,
}: DialogModalProps) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  // The latest onClose without re-running the effect (which would move the focus) at each render
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  })

  useEffect(() => {
    if (!show) return
    const previous = document.activeElement as HTMLElement | null
    const first =
      dialogRef.current?.querySelector<HTMLElement>(
        '.modal-body :is(input:not([type=hidden]), select, textarea)'
      ) ?? dialogRef.current?.querySelector<HTMLElement>('button')
    first?.focus()
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      e.preventDefault()
      e.stopPropagation()
      closeRef.current()
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.body.classList.add('modal-open')
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.body.classList.remove('modal-open')
      previous?.focus?.()
    }
  }, [show])

  if (!show) return null
  return (
    <>
      <div
        className="modal fade show d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onMouseDown={(e) => e.target === e.currentTarget && onClose()}
      >
        <div
          ref={dialogRef}
          className={`modal-dialog modal-dialog-scrollable ${size ? `modal-${size}` : ''}`}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label="Fermer" onClick={onClose} />
            </div>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
      <div className="modal-backdrop fade show" />
    </>
  )
}
