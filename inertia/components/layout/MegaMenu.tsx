/*
 * Mega-menu variant (SPEC.md §2): the whole menu in one wide header panel, one column per heading.
 */
import { useMemo } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { filterMenu, isExternal, MENU, type MenuNode } from '../../../shared/navigation.js'
import Dropdown from '../ui/Dropdown.js'
import { useCurrentUser } from '../../lib/user_store.js'
import type { SharedProps } from '../../types.js'

interface Column {
  heading: string
  links: MenuNode[]
}

/**
 * One column per heading, and one per submenu (its links under the submenu's name), so the
 * long staff area does not make a single endless column.
 */
export function megaColumns(nodes: MenuNode[]): Column[] {
  let current: Column = { heading: 'Général', links: [] }
  const columns: Column[] = [current]
  for (const node of nodes) {
    if (node.heading) {
      current = { heading: node.heading, links: [] }
      columns.push(current)
    } else if (node.sub) {
      columns.push({
        heading: node.name ?? '',
        links: node.sub.map((s) => ({ icon: node.icon, ...s })),
      })
    } else {
      current.links.push(node)
    }
  }
  return columns.filter((c) => c.links.length > 0)
}

function MegaLink({ node }: { node: MenuNode }) {
  const content = (
    <>
      {node.icon && <i className={node.icon} aria-hidden="true" />}
      <span>{node.name}</span>
    </>
  )
  if (!node.to || node.to === '#') {
    return (
      <span className="dropdown-item disabled" aria-disabled="true">
        {content}
      </span>
    )
  }
  if (isExternal(node.to)) {
    return (
      <a className="dropdown-item" href={node.to} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    )
  }
  return (
    <Link className="dropdown-item" href={node.to} prefetch="hover">
      {content}
    </Link>
  )
}

export default function MegaMenu() {
  const user = useCurrentUser()
  const { app } = usePage<SharedProps>().props
  const columns = useMemo(
    () =>
      user
        ? megaColumns(
            filterMenu(
              MENU,
              { role: user.role, acces_role: user.acces_role, droit: user.droit },
              app.adminUrl
            )
          )
        : [],
    [user, app.adminUrl]
  )
  return (
    <Dropdown
      className="mega-menu"
      align="start"
      toggleClassName="btn btn-alt-secondary d-flex align-items-center gap-2"
      menuClassName="dropdown-menu-mega p-0"
      toggle={
        <>
          <i className="bi bi-grid-3x3-gap" aria-hidden="true" />
          <span className="d-none d-sm-inline">Menu</span>
        </>
      }
    >
      <div className="mega-menu-grid">
        {columns.map((column) => (
          <div key={column.heading} className="mega-menu-column">
            <div className="mega-menu-heading">{column.heading}</div>
            {column.links.map((node, i) => (
              <MegaLink key={`${node.name}-${i}`} node={node} />
            ))}
          </div>
        ))}
      </div>
    </Dropdown>
  )
}
