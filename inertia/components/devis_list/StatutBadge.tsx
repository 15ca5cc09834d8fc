import { DEVIS_STATUT_LABELS, DEVIS_STATUT_VARIANTS, type DevisStatut } from '@shared/devis'

/** The statut of a devis as a coloured badge (labels and colours of shared/devis.ts). */
export default function StatutBadge({ statut }: { statut: DevisStatut }) {
  return (
    <span className={`badge text-bg-${DEVIS_STATUT_VARIANTS[statut] ?? 'secondary'}`}>
      {DEVIS_STATUT_LABELS[statut] ?? statut}
    </span>
  )
}
