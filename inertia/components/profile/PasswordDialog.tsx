/*
 * A small modal dialog (Bootstrap markup, React state) asking for the password before a
 * destructive action. Escape and « Annuler » close it; focus goes to the field, then back.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react'
import { PasswordInput, SubmitButton } from '../form/index.js'

export type PasswordDialogProps = {
  title: string
  children?: ReactNode
  value: string
  onChange: (value: string) => void
  error?: string | null
  processing: boolean
  confirmLabel: string
  onConfirm: () => void
  onClose: () => void
}

export default function PasswordDialog({
  title,
  children,
  value,
  onChange,
  error,
  processing,
  confirmLabel,
  onConfirm,
  onClose,
}: PasswordDialogProps) {
  const opener = useRef<Element | null>(null)
  const closeRef = useRef(onClose)
  useEffect(() => {
    closeRef.current = onClose
  }, [onClose])

  // Once per opening: remember who opened it, listen for Escape, give the focus back at the end
  useEffect(() => {
    opener.current = document.activeElement
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current()
    }
    document.addEventListener('keydown', onKeyDown)
    document.body.classList.add('modal-open')
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.classList.remove('modal-open')
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [])

  function submit(event: FormEvent) {
    event.preventDefault()
    onConfirm()
  }

  return (
    <>
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby="password-dialog-title"
        tabIndex={-1}
      >
        <div className="modal-dialog modal-dialog-centered">
          <form className="modal-content" onSubmit={submit} noValidate>
            <div className="modal-header">
              <h2 className="modal-title h5" id="password-dialog-title">
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label="Fermer" onClick={onClose} />
            </div>
            <div className="modal-body">
              {children}
              <PasswordInput
                name="password"
                id="password-dialog-password"
                label="Votre mot de passe"
                value={value}
                onChange={onChange}
                error={error}
                autoComplete="current-password"
                autoFocus
                required
                groupClassName="mb-0"
              />
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-alt-secondary" onClick={onClose}>
                Annuler
              </button>
              <SubmitButton processing={processing} variant="danger" icon="bi bi-trash">
                {confirmLabel}
              </SubmitButton>
            </div>
          </form>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  )
}
