/*
 * The PlanificationModal's buttons: the statut moves the visit allows, « Fermer » and, while the
 * visit is still planned, « Enregistrer » (the form's submit).
 */
import type { PlanifStatut } from '@shared/planning'

export type PlanificationFooterProps = {
  /** The statuts the visit may move to (none for a new visit). */
  transitions: readonly PlanifStatut[]
  busy: boolean
  editable: boolean
  onStatut: (statut: PlanifStatut) => void
  onClose: () => void
}

export default function PlanificationFooter({
  transitions,
  busy,
  editable,
  onStatut,
  onClose,
}: PlanificationFooterProps) {
  return (
    <div className="d-flex flex-wrap gap-2 w-100 justify-content-end">
      {transitions.includes('realisee') && (
        <button
          type="button"
          className="btn btn-success"
          disabled={busy}
          onClick={() => onStatut('realisee')}
        >
          <i className="bi bi-check2-circle me-1" aria-hidden="true" />
          Marquer réalisée
        </button>
      )}
      {transitions.includes('annulee') && (
        <button
          type="button"
          className="btn btn-alt-danger"
          disabled={busy}
          onClick={() => onStatut('annulee')}
        >
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          Annuler la visite
        </button>
      )}
      {transitions.includes('planifiee') && (
        <button
          type="button"
          className="btn btn-alt-secondary"
          disabled={busy}
          onClick={() => onStatut('planifiee')}
        >
          <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
          Remettre planifiée
        </button>
      )}
      <button type="button" className="btn btn-alt-secondary me-auto order-first" onClick={onClose}>
        Fermer
      </button>
      {editable && (
        <button type="submit" form="planification-form" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          Enregistrer
        </button>
      )}
    </div>
  )
}
