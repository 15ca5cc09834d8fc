import {
  FACTURE_STATUT_LABELS,
  FACTURE_STATUT_VARIANTS,
  type FactureStatut,
} from '@shared/factures'

/** A facture's statut badge, and « En retard » when it is open past its due date. */
export default function FactureStatutBadge({
  f,
}: {
  f: { statut: FactureStatut; en_retard: boolean }
}) {
  return (
    <>
      <span className={`badge text-bg-${FACTURE_STATUT_VARIANTS[f.statut]}`}>
        {FACTURE_STATUT_LABELS[f.statut]}
      </span>
      {f.en_retard && <span className="badge text-bg-danger ms-1">En retard</span>}
    </>
  )
}
