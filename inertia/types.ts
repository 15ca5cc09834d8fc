/*
 * Shared props of every page (app/middleware/inertia_middleware.ts). Pages read them with
 * usePage<SharedProps>().props.
 */
export interface CurrentUser {
  id: number
  name: string
  email: string
  initials: string
  /** Always null: no third-party picture (the initials are shown) */
  gravatar: string | null
  role: 'esi' | 'pro' | 'other'
  droit: string | null
  droits_accordes: string[]
  acces_role: string | null
  effective_role: 'esi' | 'pro' | 'other'
  two_factor_enabled: boolean
  email_verified: boolean
}

export interface NotificationItem {
  id: number
  titre: string
  lien: string | null
  icon: string | null
  lu: boolean
  created_at: string | null
}

export interface SharedProps {
  [key: string]: unknown
  errors: Record<string, string> | Record<string, Record<string, string>>
  flash: { success?: string; error?: string; info?: string; warning?: string }
  app: { name: string; version: string; copyright: number; adminUrl: string | null }
  user: CurrentUser | null
  notifications: { unread: number; items: NotificationItem[] } | null
  /** Counts shown on menu links (path → count), staff only: issue 12's late commandes. */
  menuBadges?: Record<string, number> | null
}
