import { OFFRE_STATUT_LABELS, OFFRE_STATUT_VARIANTS, type OffreStatut } from '@shared/devis'

/** The statut of an offre as a coloured badge. */
export default function StatutBadge({ statut }: { statut: OffreStatut }) {
  return (
    <span className={`badge text-bg-${OFFRE_STATUT_VARIANTS[statut]}`} data-statut={statut}>
      {OFFRE_STATUT_LABELS[statut]}
    </span>
  )
}
