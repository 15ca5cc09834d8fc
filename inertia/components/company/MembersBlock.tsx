/* The users of a société on its Edit page: société role, pending invitations, links to manage. */
import { Link } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { MEMBER_ROLE_NAMES } from '@shared/societes'
import { formatDate } from '~/lib/format'
import type { MemberRow } from './types.js'
import { route } from '~/lib/route'

export interface MembersBlockProps {
  societeId: number
  members: MemberRow[]
  canManage: boolean
}

export default function MembersBlock({ societeId, members, canManage }: MembersBlockProps) {
  return (
    <Block
      title={`Utilisateurs (${members.length})`}
      options={
        canManage && (
          <Link
            href={route('app.company.users.create', { id: societeId })}
            className="btn btn-sm btn-primary"
          >
            <i className="bi bi-person-plus me-1" aria-hidden="true" />
            Inviter
          </Link>
        )
      }
    >
      {members.length === 0 ? (
        <p className="text-body-secondary text-center py-3 mb-0">
          Personne n’est encore rattaché à cette société.
        </p>
      ) : (
        <ul className="list-group list-group-flush mb-3">
          {members.map((m) => (
            <li
              key={m.membership_id}
              className="list-group-item px-0 d-flex align-items-center gap-3"
            >
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <div className="fw-semibold text-truncate">
                  {m.name}
                  {m.is_self && <span className="text-body-secondary fw-normal"> (vous)</span>}
                </div>
                <div className="small text-body-secondary text-truncate">{m.email}</div>
                {m.pending && (
                  <span className="badge bg-warning-subtle text-warning-emphasis mt-1">
                    Invitation en attente{m.since ? ` depuis le ${formatDate(m.since)}` : ''}
                  </span>
                )}
              </div>
              <span
                className={`badge rounded-pill ${m.role === 'admin' ? 'text-bg-primary' : 'text-bg-secondary'}`}
              >
                {MEMBER_ROLE_NAMES[m.role]}
              </span>
              {canManage && (
                <Link
                  href={route('app.company.users.edit', { id: m.membership_id })}
                  className="btn btn-sm btn-alt-secondary"
                  aria-label={`Gérer ${m.name}`}
                  title="Gérer"
                >
                  <i className="bi bi-pencil" aria-hidden="true" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Block>
  )
}
