import { Link, router } from '@inertiajs/react'
import { effectiveRole } from '../../../shared/roles.js'
import Avatar from '../ui/Avatar.js'
import Dropdown from '../ui/Dropdown.js'
import { roleLabel } from './role_labels.js'
import { layoutStore } from '../../lib/layout_store.js'
import type { CurrentUser } from '../../types.js'
import { route } from '~/lib/route'

/** Header user menu: identity, Profil, Test accès (effective esi), display settings, Log Out. */
export default function UserDropdown({ user }: { user: CurrentUser }) {
  const role = effectiveRole(user)
  return (
    <Dropdown
      className="user-dropdown"
      toggleClassName="btn btn-alt-secondary d-flex align-items-center gap-2"
      toggleLabel={`Menu utilisateur de ${user.name}`}
      menuClassName="dropdown-menu-md p-0"
      toggle={
        <>
          <Avatar src={user.gravatar} name={user.name} initials={user.initials} size={24} />
          <span className="d-none d-sm-inline-block fw-semibold text-truncate user-dropdown-name">
            {user.name}
          </span>
          <i
            className="bi bi-chevron-down fs-xs opacity-50 d-none d-sm-inline-block"
            aria-hidden="true"
          />
        </>
      }
    >
      <div className="dropdown-header-block text-center">
        <Avatar
          src={user.gravatar}
          name={user.name}
          initials={user.initials}
          size={56}
          className="mb-2"
        />
        <div className="fw-semibold">{user.name}</div>
        <div className="fs-sm text-muted text-truncate">{user.email}</div>
        <span className="badge rounded-pill text-bg-primary mt-2">{roleLabel(role)}</span>
        {user.acces_role && role !== user.role && (
          <div className="fs-xs text-muted mt-1">
            Vue simulée · rôle réel : {roleLabel(user.role)}
          </div>
        )}
      </div>
      <div className="p-2">
        <Link className="dropdown-item" href={route('app.profile')}>
          <i className="bi bi-person-circle" aria-hidden="true" />
          Profil
        </Link>
        {role === 'esi' && (
          <Link className="dropdown-item" href={route('esi.test_access')}>
            <i className="bi bi-shield-check" aria-hidden="true" />
            Test accès
          </Link>
        )}
        <button
          type="button"
          className="dropdown-item"
          data-dropdown-close
          onClick={() => layoutStore.sideOverlay('open')}
        >
          <i className="bi bi-sliders" aria-hidden="true" />
          Paramètres d&apos;affichage
        </button>
      </div>
      <div role="separator" className="dropdown-divider m-0" />
      <div className="p-2">
        <button
          type="button"
          className="dropdown-item"
          data-dropdown-close
          onClick={() => router.post(route('app.logout'))}
        >
          <i className="bi bi-box-arrow-right" aria-hidden="true" />
          Log Out
        </button>
      </div>
    </Dropdown>
  )
}
