/*
 * While an address is being placed: what the next click on the map will place, and « Annuler ».
 */
export default function PlacementAlert({
  label,
  onCancel,
}: {
  label: string
  onCancel: () => void
}) {
  return (
    <div className="alert alert-info d-flex align-items-center gap-2" role="status">
      <i className="bi bi-crosshair" aria-hidden="true" />
      <span className="flex-grow-1">
        Cliquez sur la carte à l’endroit de : <strong>{label}</strong>
      </span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
        Annuler
      </button>
    </div>
  )
}
