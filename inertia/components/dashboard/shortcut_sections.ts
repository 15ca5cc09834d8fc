import { filterMenu, isExternal, MENU, type MenuNode } from '../../../shared/navigation.js'
import type { RoleSubject } from '../../../shared/roles.js'
import { route } from '~/lib/route'

export interface Shortcut {
  name: string
  to: string
  icon: string
  external: boolean
  /** Names of the submenu's pages, shown under the card's title. */
  details: string[]
}

export interface ShortcutSection {
  heading: string
  shortcuts: Shortcut[]
}

// Not worth a card: the current page, and the sidebar's placeholder links
const SKIPPED = new Set([route('app.dashboard'), '#'])

function toShortcut(node: MenuNode): Shortcut | null {
  if (node.sub) {
    const links = node.sub.filter((s) => s.to && !SKIPPED.has(s.to))
    if (!links.length) return null
    return {
      name: node.name ?? '',
      to: links[0].to!,
      icon: node.icon ?? 'bi bi-folder',
      external: false,
      details: links.map((s) => s.name ?? ''),
    }
  }
  if (!node.to || SKIPPED.has(node.to)) return null
  return {
    name: node.name ?? '',
    to: node.to,
    icon: node.icon ?? 'bi bi-link-45deg',
    external: isExternal(node.to),
    details: [],
  }
}

/**
 * The dashboard's shortcuts: the sidebar menu as the user's effective role sees it (filterMenu is
 * the same rule the server checks), grouped by the menu's headings.
 */
export function shortcutSections(user: RoleSubject, adminUrl?: string | null): ShortcutSection[] {
  const sections: ShortcutSection[] = []
  let current: ShortcutSection = { heading: 'Général', shortcuts: [] }
  for (const node of filterMenu(MENU, user, adminUrl)) {
    if (node.heading) {
      if (current.shortcuts.length) sections.push(current)
      current = { heading: node.heading, shortcuts: [] }
      continue
    }
    const shortcut = toShortcut(node)
    if (shortcut) current.shortcuts.push(shortcut)
  }
  if (current.shortcuts.length) sections.push(current)
  return sections
}
