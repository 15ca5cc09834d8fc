/*
 * Content block (OneUI "block"): header with title and option buttons, and the four states of
 * SPEC.md §4: loading (spinner overlay), fullscreen, pinned (floats bottom right) and content hidden.
 */
import { useEffect, useId, useState, type ReactNode } from 'react'

export interface BlockProps {
  title?: ReactNode
  /** Extra buttons before the built-in toggles; use `btn-block-option` for the look. */
  options?: ReactNode
  children?: ReactNode
  className?: string
  loading?: boolean
  fullscreenToggle?: boolean
  pinToggle?: boolean
  contentToggle?: boolean
  /** Rounded corners (default true). */
  rounded?: boolean
  /** Header on the theme's primary colour. */
  themed?: boolean
  id?: string
  headerClassName?: string
  contentClassName?: string
  /** Content hidden at first (with contentToggle). */
  defaultHidden?: boolean
}

function OptionButton({
  icon,
  label,
  onClick,
  pressed,
  controls,
}: {
  icon: string
  label: string
  onClick: () => void
  pressed?: boolean
  controls?: string
}) {
  return (
    <button
      type="button"
      className="btn-block-option"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      aria-controls={controls}
      onClick={onClick}
    >
      <i className={icon} aria-hidden="true" />
    </button>
  )
}

export default function Block({
  title,
  options,
  children,
  className = '',
  loading = false,
  fullscreenToggle = false,
  pinToggle = false,
  contentToggle = false,
  rounded = true,
  themed = false,
  id,
  headerClassName = '',
  contentClassName = '',
  defaultHidden = false,
}: BlockProps) {
  const [fullscreen, setFullscreen] = useState(false)
  const [pinned, setPinned] = useState(false)
  const [hidden, setHidden] = useState(defaultHidden)
  const contentId = useId()

  // Fullscreen: Escape leaves it and the page behind does not scroll
  useEffect(() => {
    if (!fullscreen) return
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      e.preventDefault()
      setFullscreen(false)
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.body.classList.add('overflow-hidden')
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.body.classList.remove('overflow-hidden')
    }
  }, [fullscreen])

  const classes = [
    'block',
    rounded && 'block-rounded',
    themed && 'block-themed',
    loading && 'block-mode-loading',
    fullscreen && 'block-mode-fullscreen',
    pinned && 'block-mode-pinned',
    hidden && 'block-mode-hidden',
    className,
  ]
    .filter(Boolean)
    .join(' ')

  const hasHeader = title || options || fullscreenToggle || pinToggle || contentToggle

  return (
    <div id={id} className={classes} aria-busy={loading || undefined}>
      {hasHeader && (
        <div className={`block-header ${headerClassName}`}>
          {title && <h3 className="block-title">{title}</h3>}
          <div className="block-options">
            {options}
            {pinToggle && (
              <OptionButton
                icon={pinned ? 'bi bi-pin-angle-fill' : 'bi bi-pin-angle'}
                label={pinned ? 'Détacher' : 'Épingler'}
                pressed={pinned}
                onClick={() => {
                  setPinned((v) => !v)
                  setFullscreen(false)
                }}
              />
            )}
            {fullscreenToggle && (
              <OptionButton
                icon={fullscreen ? 'bi bi-fullscreen-exit' : 'bi bi-arrows-fullscreen'}
                label={fullscreen ? 'Quitter le plein écran' : 'Plein écran'}
                pressed={fullscreen}
                onClick={() => {
                  setFullscreen((v) => !v)
                  setPinned(false)
                }}
              />
            )}
            {contentToggle && (
              <OptionButton
                icon={hidden ? 'bi bi-chevron-down' : 'bi bi-chevron-up'}
                label={hidden ? 'Afficher le contenu' : 'Masquer le contenu'}
                controls={contentId}
                onClick={() => setHidden((v) => !v)}
              />
            )}
          </div>
        </div>
      )}
      <div id={contentId} className={`block-content ${contentClassName}`} hidden={hidden}>
        {children}
      </div>
      {loading && (
        <div className="block-loader" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">Chargement…</span>
        </div>
      )}
    </div>
  )
}
