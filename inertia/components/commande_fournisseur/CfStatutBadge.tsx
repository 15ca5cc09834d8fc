import { CF_STATUT_BADGES, CF_STATUT_LABELS, type CfStatut } from '@shared/commandes_fournisseur'

export default function CfStatutBadge({ statut, retard }: { statut: CfStatut; retard?: boolean }) {
  return (
    <>
      <span className={`badge text-bg-${CF_STATUT_BADGES[statut]}`}>
        {CF_STATUT_LABELS[statut]}
      </span>
      {retard && <span className="badge text-bg-danger ms-1">En retard</span>}
    </>
  )
}
