/*
 * What the two-factor settings UI receives (server: app/services/two_factor.ts; client:
 * inertia/components/profile/TwoFactorSettings.tsx).
 */
export type TwoFactorStatus = {
  /** A first code confirmed the secret: login asks for a code. */
  enabled: boolean
  /** Set up but not confirmed yet: the QR code (SVG markup) and the secret to type by hand. */
  pending: { qr_svg: string; secret: string } | null
  /** Shown once, right after confirmation or regeneration; null otherwise. */
  recovery_codes: string[] | null
  /** Unused recovery codes left. */
  recovery_codes_left: number
}

/** Number of recovery codes generated at once (Fortify's default). */
export const RECOVERY_CODES_COUNT = 8
