import { Link, router } from '@inertiajs/react'
import Dropdown from '../ui/Dropdown.js'
import { formatDateTime, formatRelative } from '../../lib/format.js'
import type { NotificationItem, SharedProps } from '../../types.js'
import { route } from '~/lib/route'

/** Icon classes from a stored value: "bi bi-x", "bi-x" or "x" all give Bootstrap Icons. */
function iconClass(icon: string | null): string {
  if (!icon) return 'bi bi-bell'
  if (icon.includes(' ')) return icon
  return icon.startsWith('bi-') ? `bi ${icon}` : `bi bi-${icon}`
}

function Item({ item }: { item: NotificationItem }) {
  return (
    <li>
      {/* GET /notifications/{id} marks it read: never prefetched */}
      <Link
        href={route('app.notifications.open', { id: item.id })}
        className={`notification-item${item.lu ? '' : ' unread'}`}
      >
        <span className="notification-icon" aria-hidden="true">
          <i className={iconClass(item.icon)} />
        </span>
        <span className="notification-text">
          <span className="notification-title">{item.titre}</span>
          <time
            className="notification-time"
            dateTime={item.created_at ?? undefined}
            title={formatDateTime(item.created_at)}
          >
            {formatRelative(item.created_at)}
          </time>
        </span>
        {!item.lu && <span className="notification-dot" aria-label="non lue" />}
      </Link>
    </li>
  )
}

/** Header notifications (real data from the shared `notifications` prop). */
export default function NotificationsDropdown({
  notifications,
}: {
  notifications: SharedProps['notifications']
}) {
  const unread = notifications?.unread ?? 0
  const items = notifications?.items ?? []
  return (
    <Dropdown
      className="notifications-dropdown"
      toggleClassName="btn btn-alt-secondary position-relative"
      toggleLabel={
        unread ? `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}` : 'Notifications'
      }
      menuClassName="dropdown-menu-lg p-0"
      toggle={
        <>
          <i className="bi bi-bell" aria-hidden="true" />
          {unread > 0 && (
            <span className="header-badge badge rounded-pill text-bg-danger" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
    >
      <div className="dropdown-header-block d-flex align-items-center justify-content-between gap-2">
        <span className="fw-semibold">Notifications</span>
        <button
          type="button"
          className="btn btn-sm btn-alt-secondary"
          disabled={unread === 0}
          data-dropdown-close
          onClick={() =>
            router.post(route('app.notifications.read_all'), {}, { preserveScroll: true })
          }
        >
          Tout marquer comme lu
        </button>
      </div>
      {items.length === 0 ? (
        <div className="p-4 text-center text-muted">
          <i className="bi bi-bell-slash fs-3 d-block mb-2 opacity-50" aria-hidden="true" />
          Aucune notification
        </div>
      ) : (
        <ul className="notification-list list-unstyled mb-0">
          {items.map((item) => (
            <Item key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Dropdown>
  )
}
