import { Link } from '@inertiajs/react'
import Block from '../ui/Block.js'
import type { NotificationItem } from '../../types.js'
import { formatDateTime, formatRelative } from '../../lib/format.js'
import { route } from '~/lib/route'

export interface NotificationsBlockProps {
  items: NotificationItem[]
  unread: number
}

export default function NotificationsBlock({ items, unread }: NotificationsBlockProps) {
  return (
    <Block
      title={
        <>
          <i className="bi bi-bell me-2 text-primary" aria-hidden="true" />
          Notifications récentes
          {unread > 0 && (
            <span className="badge rounded-pill text-bg-danger ms-2">
              {unread}
              <span className="visually-hidden"> non lue{unread > 1 ? 's' : ''}</span>
            </span>
          )}
        </>
      }
      options={
        unread > 0 && (
          <Link
            href={route('app.notifications.read_all')}
            method="post"
            as="button"
            preserveScroll
            className="btn btn-sm btn-alt-secondary"
          >
            Tout marquer comme lu
          </Link>
        )
      }
      className="h-100 mb-0"
    >
      {items.length === 0 ? (
        <div className="text-center py-4">
          <i className="bi bi-bell-slash display-6 text-body-tertiary" aria-hidden="true" />
          <p className="fw-semibold mt-2 mb-1">Aucune notification</p>
          <p className="text-body-secondary small mb-0">
            Les devis acceptés, paiements reçus et changements de planning apparaîtront ici.
          </p>
        </div>
      ) : (
        <ul className="list-group list-group-flush mb-3">
          {items.map((item) => (
            <li key={item.id} className="list-group-item px-0">
              {/* The server marks it read, then follows its link */}
              <Link
                href={route('app.notifications.open', { id: item.id })}
                className="d-flex align-items-start gap-3 text-decoration-none text-body"
              >
                <i
                  className={`${item.icon ?? 'bi bi-info-circle'} fs-5 ${item.lu ? 'text-body-tertiary' : 'text-primary'}`}
                  aria-hidden="true"
                />
                <span className="flex-grow-1" style={{ minWidth: 0 }}>
                  <span className={`d-block ${item.lu ? '' : 'fw-semibold'}`}>{item.titre}</span>
                  <time
                    className="small text-body-secondary"
                    dateTime={item.created_at ?? undefined}
                    title={formatDateTime(item.created_at)}
                  >
                    {formatRelative(item.created_at)}
                  </time>
                </span>
                {!item.lu && (
                  <span className="badge rounded-pill text-bg-primary mt-1">Nouveau</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  )
}
