/*
 * The measurement sheet's sync bar: online or not, what is not yet sent, and the button that
 * sends it now (or drops it when the sheet was validated meanwhile).
 */
import type { SyncState } from './types.js'

export type SyncStatusBarProps = {
  /** What is not yet sent (pendingLabel), null when everything is on the server. */
  label: string | null
  readOnly: boolean
  isOnline: boolean
  syncState: SyncState
  onAbandon: () => void
  onSend: () => void
}

export default function SyncStatusBar({
  label,
  readOnly,
  isOnline,
  syncState,
  onAbandon,
  onSend,
}: SyncStatusBarProps) {
  return (
    <div
      className={`sticky-top alert ${label ? 'alert-warning' : 'alert-success'} d-flex align-items-center gap-2 py-2 mb-3`}
      role="status"
      aria-live="polite"
      data-testid="sync-status"
    >
      <i
        className={`bi ${isOnline ? 'bi-wifi' : 'bi-wifi-off'} fs-5`}
        role="img"
        aria-label={isOnline ? 'En ligne' : 'Hors ligne'}
      />
      <span className="flex-grow-1">
        {!isOnline && <strong>Hors ligne. </strong>}
        {label ?? (readOnly ? 'Feuille validée.' : 'Tout est enregistré sur le serveur.')}
        {label && readOnly && ' La feuille est validée : elles ne peuvent plus être envoyées.'}
        {syncState === 'sending' && ' Envoi…'}
        {syncState === 'error' && isOnline && ' Nouvel essai bientôt.'}
      </span>
      {label && readOnly && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onAbandon}>
          Abandonner
        </button>
      )}
      {label && !readOnly && isOnline && syncState !== 'sending' && (
        <button type="button" className="btn btn-sm btn-warning" onClick={onSend}>
          Envoyer
        </button>
      )}
    </div>
  )
}
