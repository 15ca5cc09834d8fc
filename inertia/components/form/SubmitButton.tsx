import type { ButtonHTMLAttributes, ReactNode } from 'react'

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  processing?: boolean
  recentlySuccessful?: boolean
  /** Bootstrap variant: primary, success, danger… */
  variant?: string
  icon?: string
  /** Read by screen readers while the request runs. */
  processingLabel?: string
  /** Stretches the button over the form's width (sign-in cards). */
  fullWidth?: boolean
  children: ReactNode
}

/**
 * The form's submit button: disabled with a spinner while the request runs (no double submit),
 * then a short "Enregistré" check while Inertia's recentlySuccessful flag is on (2 s).
 */
export default function SubmitButton({
  processing = false,
  recentlySuccessful = false,
  variant = 'primary',
  icon,
  processingLabel = 'Envoi en cours…',
  fullWidth = false,
  className,
  disabled,
  children,
  ...rest
}: SubmitButtonProps) {
  return (
    <span className={fullWidth ? 'd-grid' : 'd-inline-flex align-items-center gap-2 flex-wrap'}>
      <button
        {...rest}
        type="submit"
        className={`btn btn-${variant} ${className ?? ''}`.trim()}
        disabled={disabled || processing}
        aria-busy={processing || undefined}
      >
        {processing ? (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        ) : (
          icon && <i className={`${icon} me-2`} aria-hidden="true" />
        )}
        {children}
        {processing && <span className="visually-hidden"> — {processingLabel}</span>}
      </button>
      <span
        role="status"
        className={`text-success small fw-semibold ${fullWidth && recentlySuccessful ? 'mt-2' : ''}`}
      >
        {recentlySuccessful && !processing && (
          <>
            <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
            Enregistré
          </>
        )}
      </span>
    </span>
  )
}
