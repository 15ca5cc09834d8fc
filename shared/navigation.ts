/*
 * The sidebar menu (SPEC.md §2 "Navigation menu"), shared with the server: the route × role test
 * checks that every link a role sees is a route that role may open, and placeholder pages take
 * their titles from here. `area` is ours: who sees the node (SPEC.md §6, DESIGN.md §4).
 */
import { canReach, type Area, type RoleSubject } from './roles.js'

export interface MenuNode {
  heading?: string
  name?: string
  to?: string
  icon?: string
  badge?: string | number
  'badge-variant'?: string
  sub?: MenuNode[]
  subActivePaths?: string
  target?: string
  area?: Area
}

export const ADMIN_LINK_NAME = 'Administration'

export const MENU: MenuNode[] = [
  { name: 'Tableau de bord', to: '/dashboard', icon: 'bi bi-speedometer2' },
  { heading: 'Application' },
  { name: 'Sociétés', to: '/app/company', icon: 'bi bi-buildings' },
  { name: 'Contacts', to: '/app/contacts', icon: 'bi bi-person-lines-fill', area: 'partner' },
  { name: 'Offres', to: '/app/offres', icon: 'bi bi-file-earmark-richtext', area: 'partner' },
  { heading: 'Espace ESI', area: 'esi' },
  { name: 'Dashboard pro', to: '/esi/dashboard-pro', icon: 'bi bi-graph-up', area: 'esi' },
  { name: 'Clients', to: '/esi/customers?sort=-id_client', icon: 'bi bi-people', area: 'esi' },
  {
    name: 'Devis',
    icon: 'bi bi-file-earmark-text',
    area: 'esi',
    subActivePaths: '/esi/devis',
    sub: [
      { name: 'Liste des devis', to: '/esi/devis', area: 'esi' },
      { name: 'Nouveau devis', to: '/esi/devis/create', area: 'esi' },
      { name: 'Statistiques', to: '/esi/devis/stats', area: 'esi' },
    ],
  },
  { name: 'Bons de commande', to: '/esi/bdc', icon: 'bi bi-pen', area: 'esi' },
  {
    name: 'Commandes',
    icon: 'bi bi-box-seam',
    area: 'esi',
    subActivePaths: '/esi/commandes',
    sub: [
      { name: 'Toutes les commandes', to: '/esi/commandes', area: 'esi' },
      { name: 'Mesurage', to: '/esi/commandes/mesurage', area: 'esi' },
      { name: 'Approvisionnement', to: '/esi/commandes/production', area: 'esi' },
      { name: 'Fourniture', to: '/esi/commandes/fourniture', area: 'esi' },
    ],
  },
  {
    name: 'Planning',
    icon: 'bi bi-calendar3',
    area: 'esi',
    subActivePaths: '/esi/planning',
    sub: [
      { name: 'Commercial', to: '/esi/planning/com', area: 'esi' },
      { name: 'Carte commerciale', to: '/esi/planning/com/carte', area: 'esi' },
      { name: 'Technique', to: '/esi/planning/tec', area: 'esi' },
      { name: 'Carte technique', to: '/esi/planning/tec/carte', area: 'esi' },
      { name: 'Ma journée', to: '/esi/planning/ma-journee', area: 'esi' },
      { name: 'Équipes et demandes', to: '/esi/planning/equipes', area: 'esi' },
    ],
  },
  {
    name: 'Comptabilité',
    icon: 'bi bi-calculator',
    area: 'esi',
    subActivePaths: '/esi/compta',
    sub: [
      { name: 'Factures', to: '/esi/compta/facture', area: 'esi' },
      { name: 'Notes de crédit', to: '/esi/compta/nc', area: 'esi' },
      { name: 'Paiements', to: '/esi/compta/paiements', area: 'esi' },
      { name: 'Créances', to: '/esi/compta/creance', area: 'esi' },
      { name: 'Relances', to: '/esi/compta/relances', area: 'esi' },
    ],
  },
  {
    // Issue 14 §3: the analyses (staff only), each a page with its chart, table and exports
    name: 'Analyse',
    icon: 'bi bi-bar-chart',
    area: 'esi',
    sub: [
      { name: 'Chiffre d’affaires', to: '/esi/analyse/chiffre-affaires', area: 'esi' },
      { name: 'Rentabilité', to: '/esi/analyse/rentabilite', area: 'esi' },
      { name: 'Taux d’acceptation', to: '/esi/analyse/acceptation', area: 'esi' },
      { name: 'Occupation des techniciens', to: '/esi/analyse/techniciens', area: 'esi' },
    ],
  },
  { heading: 'Référentiel', area: 'esi' },
  { name: 'Produits', to: '/esi/produits', icon: 'bi bi-box', area: 'esi' },
  { name: 'Textes modèles', to: '/esi/textes', icon: 'bi bi-card-text', area: 'esi' },
  { heading: 'Outils', area: 'esi' },
  { name: 'Archive', to: '/esi/archive', icon: 'bi bi-archive', area: 'esi' },
  { name: 'Réalisations', to: '/esi/realisation', icon: 'bi bi-images', area: 'esi' },
  { name: 'Recherche', to: '/recherhce', icon: 'bi bi-search', area: 'esi' },
  { name: 'Test accès', to: '/test-access', icon: 'bi bi-shield-check', area: 'esi' },
  {
    name: ADMIN_LINK_NAME,
    to: 'ADMIN_URL',
    icon: 'bi bi-box-arrow-up-right',
    target: '_blank',
    area: 'admin',
  },
  { heading: 'Compte' },
  { name: 'Profil', to: '/profile', icon: 'bi bi-person-circle' },
  { name: 'Accueil', to: '/', icon: 'bi bi-house' },
]

export function isExternal(to: string | undefined): boolean {
  return !!to && /^https?:\/\//.test(to)
}

/**
 * Keeps the nodes the user may see: submenus without a visible child and headings without a
 * visible node after them disappear. `adminUrl` replaces the ADMIN_URL token (no URL: no link).
 */
export function filterMenu(
  nodes: MenuNode[],
  user: RoleSubject,
  adminUrl?: string | null
): MenuNode[] {
  const visible: MenuNode[] = []
  for (const node of nodes) {
    if (!canReach(user, node.area ?? 'app')) continue
    if (node.to === 'ADMIN_URL') {
      if (!adminUrl) continue
      visible.push({ ...node, to: adminUrl })
      continue
    }
    if (node.sub) {
      const sub = filterMenu(node.sub, user, adminUrl)
      if (sub.length) visible.push({ ...node, sub })
      continue
    }
    visible.push(node)
  }
  return visible.filter((node, i) => {
    if (!node.heading) return true
    const next = visible[i + 1]
    return next !== undefined && !next.heading
  })
}

/** Flattened links, for titles and tests. */
export function menuLinks(nodes: MenuNode[] = MENU): MenuNode[] {
  return nodes.flatMap((n) => (n.sub ? menuLinks(n.sub) : n.to ? [n] : []))
}

/** The menu label of a path, used as the title of pages still under construction. */
export function titleForPath(path: string): string | undefined {
  return menuLinks().find((n) => n.to && n.to.split('?')[0] === path)?.name
}
