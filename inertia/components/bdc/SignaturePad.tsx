/*
 * The customer's signature drawn on screen (signature_pad): mouse, pen and touch, a canvas sized
 * for the screen's pixel density (sharp on a tablet), kept when the window is resized, and a
 * clear button. Reports the drawing as a PNG data URL (null when empty) after each stroke.
 */
import { useEffect, useRef } from 'react'
import SignaturePadLib from 'signature_pad'

export type SignaturePadProps = {
  id: string
  onChange: (dataUrl: string | null) => void
  /** Error shown under the canvas (server or local). */
  error?: string | null
  disabled?: boolean
  /** Height in CSS pixels. */
  height?: number
  describedBy?: string
}

export default function SignaturePad({
  id,
  onChange,
  error,
  disabled = false,
  height = 200,
  describedBy,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const padRef = useRef<SignaturePadLib | null>(null)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const pad = new SignaturePadLib(canvas, {
      penColor: '#111827',
      minWidth: 0.8,
      maxWidth: 2.6,
    })
    padRef.current = pad

    // High-DPI: the bitmap has devicePixelRatio pixels per CSS pixel; the drawing is kept
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const data = pad.toData()
      canvas.width = canvas.offsetWidth * ratio
      canvas.height = canvas.offsetHeight * ratio
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.clear()
      if (data.length) pad.fromData(data)
    }
    resize()
    window.addEventListener('resize', resize)

    const changed = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'))
    pad.addEventListener('endStroke', changed)
    return () => {
      window.removeEventListener('resize', resize)
      pad.removeEventListener('endStroke', changed)
      pad.off()
      padRef.current = null
    }
  }, [])

  useEffect(() => {
    const pad = padRef.current
    if (!pad) return
    if (disabled) pad.off()
    else pad.on()
  }, [disabled])

  function clear() {
    padRef.current?.clear()
    onChangeRef.current(null)
  }

  return (
    <div>
      <div
        className={`signature-pad-frame rounded border ${error ? 'border-danger' : ''} bg-white position-relative`}
        style={{ height, touchAction: 'none' }}
      >
        <canvas
          ref={canvasRef}
          id={id}
          data-testid="signature-canvas"
          role="img"
          aria-label="Zone de signature : signez avec le doigt, un stylet ou la souris"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="d-block w-100 h-100"
          style={{ cursor: disabled ? 'not-allowed' : 'crosshair' }}
        />
        <span
          className="position-absolute start-0 end-0 mx-4 border-bottom border-secondary-subtle"
          style={{ bottom: 40, pointerEvents: 'none' }}
          aria-hidden="true"
        />
      </div>
      <div className="d-flex justify-content-between align-items-center mt-2">
        <span className="small text-body-secondary">
          Signez dans le cadre (doigt, stylet ou souris).
        </span>
        <button
          type="button"
          className="btn btn-sm btn-alt-secondary"
          onClick={clear}
          disabled={disabled}
          data-testid="signature-clear"
        >
          <i className="bi bi-eraser me-1" aria-hidden="true" />
          Effacer
        </button>
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  )
}
