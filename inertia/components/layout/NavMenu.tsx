/*
 * The navigation menu (SPEC.md §2 "Navigation menu"): headings, links and submenus from
 * shared/navigation.ts, filtered for the current user's effective role.
 */
import { useMemo, useState, type MouseEvent } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { filterMenu, isExternal, MENU, type MenuNode } from '../../../shared/navigation.js'
import { isDesktopWidth, layoutStore } from '../../lib/layout_store.js'
import { useCurrentUser } from '../../lib/user_store.js'
import { route } from '../../lib/route.js'
import type { SharedProps } from '../../types.js'

export interface NavMenuProps {
  /** Nodes to render; by default the menu filtered for the current user. */
  nodes?: MenuNode[]
  /** Horizontal bar on wide screens (landing / mega-menu variants). */
  horizontal?: boolean
  /** With `horizontal`: submenus open on hover, clicks on them do nothing on wide screens. */
  hover?: boolean
  /** Current URL; by default the Inertia page URL. */
  currentUrl?: string
  className?: string
}

const pathOf = (to: string) => to.split(/[?#]/)[0]

function collectPaths(nodes: MenuNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.sub) collectPaths(node.sub, out)
    else if (node.to && node.to !== '#' && !isExternal(node.to)) out.push(pathOf(node.to))
  }
  return out
}

/** The menu path that best matches the current path: exact, else the longest parent path. */
export function activePath(nodes: MenuNode[], currentPath: string): string | null {
  let best: string | null = null
  for (const p of collectPaths(nodes)) {
    const matches = p === currentPath || (p !== '/' && currentPath.startsWith(p + '/'))
    if (matches && (best === null || p.length > best.length)) best = p
  }
  return best
}

function submenuActive(node: MenuNode, currentPath: string, active: string | null): boolean {
  const prefix = node.subActivePaths
  if (prefix && (currentPath === prefix || currentPath.startsWith(prefix + '/'))) return true
  return !!node.sub?.some((child) =>
    child.sub
      ? submenuActive(child, currentPath, active)
      : !!child.to && pathOf(child.to) === active
  )
}

interface TreeContext {
  currentPath: string
  active: string | null
  horizontal: boolean
  hover: boolean
}

function Badge({ node }: { node: MenuNode }) {
  if (node.badge === undefined || node.badge === null || node.badge === '') return null
  return (
    <span
      className={`nav-main-link-badge badge rounded-pill text-bg-${node['badge-variant'] ?? 'primary'}`}
    >
      {node.badge}
    </span>
  )
}

function LinkContent({ node }: { node: MenuNode }) {
  return (
    <>
      {node.icon && <i className={`nav-main-link-icon ${node.icon}`} aria-hidden="true" />}
      <span className="nav-main-link-name">{node.name}</span>
      <Badge node={node} />
    </>
  )
}

/** Below 992 px a chosen link closes the off-canvas sidebar (SPEC.md §2, §9). */
function closeSidebarOnMobile() {
  if (!isDesktopWidth(window.innerWidth)) layoutStore.sidebar('close')
}

function NavLink({ node, ctx }: { node: MenuNode; ctx: TreeContext }) {
  const to = node.to ?? '#'
  if (to === '#') {
    // Placeholder (SPEC.md §2 "Analyse"): looks disabled and goes nowhere
    return (
      <a
        href="#"
        className="nav-main-link disabled"
        aria-disabled="true"
        tabIndex={-1}
        title={node.name}
        onClick={(e) => e.preventDefault()}
      >
        <LinkContent node={node} />
      </a>
    )
  }
  if (isExternal(to)) {
    return (
      <a
        href={to}
        className="nav-main-link"
        target={node.target ?? '_blank'}
        rel="noopener noreferrer"
        title={node.name}
        onClick={closeSidebarOnMobile}
      >
        <LinkContent node={node} />
      </a>
    )
  }
  const active = pathOf(to) === ctx.active
  return (
    <Link
      href={to}
      prefetch="hover"
      className={`nav-main-link${active ? ' active' : ''}`}
      aria-current={active ? 'page' : undefined}
      title={node.name}
      onClick={closeSidebarOnMobile}
    >
      <LinkContent node={node} />
    </Link>
  )
}

function NavList({
  nodes,
  ctx,
  className,
}: {
  nodes: MenuNode[]
  ctx: TreeContext
  className: string
}) {
  const activeIndex = nodes.findIndex((n) => n.sub && submenuActive(n, ctx.currentPath, ctx.active))
  // One open submenu per level: opening one closes its siblings
  const [opened, setOpened] = useState({
    index: activeIndex >= 0 && !ctx.horizontal ? activeIndex : null,
    path: ctx.currentPath,
  })
  // After a visit the submenu holding the new page opens (the layout, hence this state,
  // persists); adjusted during render rather than in an effect
  if (opened.path !== ctx.currentPath) {
    const index = ctx.horizontal ? null : activeIndex >= 0 ? activeIndex : opened.index
    setOpened({ index, path: ctx.currentPath })
  }
  const openIndex = opened.index

  const onSubmenuClick = (e: MouseEvent, index: number) => {
    e.preventDefault()
    if (ctx.horizontal && ctx.hover && isDesktopWidth(window.innerWidth)) return
    setOpened((current) => ({ ...current, index: current.index === index ? null : index }))
  }

  return (
    <ul className={className}>
      {nodes.map((node, index) => {
        if (node.heading) {
          return (
            <li key={`h-${node.heading}`} className="nav-main-heading">
              {node.heading}
            </li>
          )
        }
        const key = `${node.name}-${index}`
        if (node.sub) {
          const open = openIndex === index
          const active = index === activeIndex
          return (
            <li key={key} className={`nav-main-item${open ? ' open' : ''}`}>
              <button
                type="button"
                className={`nav-main-link nav-main-link-submenu${active ? ' active' : ''}`}
                aria-haspopup="true"
                aria-expanded={open}
                title={node.name}
                onClick={(e) => onSubmenuClick(e, index)}
              >
                <LinkContent node={node} />
                <i className="nav-main-link-caret bi bi-chevron-right" aria-hidden="true" />
              </button>
              <NavList nodes={node.sub} ctx={ctx} className="nav-main-submenu" />
            </li>
          )
        }
        return (
          <li key={key} className="nav-main-item">
            <NavLink node={node} ctx={ctx} />
          </li>
        )
      })}
    </ul>
  )
}

/** Pure tree (no Inertia page needed): for the connected menu and for tests. */
export function NavTree({
  nodes,
  currentUrl,
  horizontal = false,
  hover = false,
  className = '',
}: Required<Pick<NavMenuProps, 'nodes' | 'currentUrl'>> &
  Omit<NavMenuProps, 'nodes' | 'currentUrl'>) {
  const currentPath = pathOf(currentUrl) || '/'
  const active = useMemo(() => activePath(nodes, currentPath), [nodes, currentPath])
  const ctx: TreeContext = { currentPath, active, horizontal, hover }
  const classes = [
    'nav-main',
    horizontal && 'nav-main-horizontal',
    horizontal && hover && 'nav-main-hover',
    className,
  ]
  return <NavList nodes={nodes} ctx={ctx} className={classes.filter(Boolean).join(' ')} />
}

/** Badges that are alerts (late commandes): red; the others count work waiting (decision 426). */
const ALERT_BADGES = new Set([route('esi.commandes.index')])

/** The counts of the shared prop menuBadges (path → count) as the links' badges. */
export function withBadges(nodes: MenuNode[], badges: Record<string, number> | null): MenuNode[] {
  if (!badges || !Object.keys(badges).length) return nodes
  return nodes.map((node) => {
    const path = node.to ? pathOf(node.to) : null
    const count = path ? badges[path] : undefined
    const variant = path && ALERT_BADGES.has(path) ? 'danger' : 'secondary'
    return {
      ...node,
      ...(count ? { badge: count, 'badge-variant': variant } : {}),
      ...(node.sub ? { sub: withBadges(node.sub, badges) } : {}),
    }
  })
}

export default function NavMenu({ nodes, currentUrl, ...rest }: NavMenuProps) {
  const page = usePage<SharedProps>()
  const user = useCurrentUser()
  const adminUrl = page.props.app?.adminUrl ?? null
  const badges = page.props.menuBadges ?? null
  const visible = useMemo(() => {
    if (nodes) return nodes
    if (!user) return []
    // filterMenu applies the effective role itself (acces_role over role, DESIGN.md §4)
    return withBadges(
      filterMenu(
        MENU,
        { role: user.role, acces_role: user.acces_role, droit: user.droit },
        adminUrl
      ),
      badges
    )
  }, [nodes, user, adminUrl, badges])
  return (
    <nav aria-label="Menu principal">
      <NavTree nodes={visible} currentUrl={currentUrl ?? page.url} {...rest} />
    </nav>
  )
}
