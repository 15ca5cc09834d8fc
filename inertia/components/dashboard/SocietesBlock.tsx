import { Link } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { MEMBER_ROLE_LABELS, SOCIETE_TYPE_LABELS } from './labels.js'
import { route } from '~/lib/route'

// A type, not an interface: the server checks page props against a JSON record type
export type DashboardSociete = {
  id: number
  nom: string
  type: string
  role: string
  /** Its members (non-staff dashboards, issue 14 §2); null for staff. */
  membres: { id: number; name: string; role: string }[] | null
}

export default function SocietesBlock({ societes }: { societes: DashboardSociete[] }) {
  return (
    <Block
      title={
        <>
          <i className="bi bi-buildings me-2 text-primary" aria-hidden="true" />
          Mes sociétés
        </>
      }
      options={
        <Link href={route('app.company.index')} className="btn btn-sm btn-alt-secondary">
          Tout voir
        </Link>
      }
      className="h-100 mb-0"
    >
      {societes.length === 0 ? (
        <div className="text-center py-4">
          <i className="bi bi-building-slash display-6 text-body-tertiary" aria-hidden="true" />
          <p className="fw-semibold mt-2 mb-1">Vous n’êtes rattaché à aucune société.</p>
          <p className="text-body-secondary small mb-0">
            Demandez à l’administrateur de votre société de vous y ajouter.
          </p>
        </div>
      ) : (
        <ul className="list-group list-group-flush mb-3">
          {societes.map((societe) => {
            const type = SOCIETE_TYPE_LABELS[societe.type] ?? {
              label: societe.type,
              color: 'secondary',
            }
            return (
              <li key={societe.id} className="list-group-item px-0 d-flex align-items-center gap-3">
                <span
                  className="d-inline-flex align-items-center justify-content-center rounded-circle bg-body-tertiary text-body-emphasis fw-bold flex-shrink-0"
                  style={{ width: 40, height: 40 }}
                  aria-hidden="true"
                >
                  {societe.nom.trim().charAt(0).toUpperCase()}
                </span>
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  <div className="fw-semibold">{societe.nom}</div>
                  <span className={`badge bg-${type.color}-subtle text-${type.color}-emphasis`}>
                    {type.label}
                  </span>
                  {societe.membres && (
                    <ul
                      className="list-unstyled small text-body-secondary mb-0 mt-1"
                      aria-label={`Membres de ${societe.nom}`}
                      data-testid={`societe-membres-${societe.id}`}
                    >
                      {societe.membres.map((m) => (
                        <li key={m.id}>
                          <i className="bi bi-person me-1" aria-hidden="true" />
                          {m.name}
                          {m.role === 'admin' && ` · ${MEMBER_ROLE_LABELS.admin}`}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <span
                  className={`badge rounded-pill ${societe.role === 'admin' ? 'text-bg-primary' : 'text-bg-secondary'}`}
                  title="Votre rôle dans cette société"
                >
                  {MEMBER_ROLE_LABELS[societe.role] ?? societe.role}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </Block>
  )
}
