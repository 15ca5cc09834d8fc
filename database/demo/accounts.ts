/*
 * Demo accounts and their sociétés (README "Comptes de démonstration"). Demo data only.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import Societe from '#models/societe'
import Notification from '#models/notification'
import { encryptTotpSecret } from '#services/two_factor'

export const DEMO_PASSWORD = 'demo-password-2026'

/**
 * TOTP secret of the demo esi account (two-factor is compulsory for staff). Demo data only:
 * it is public (README), so any authenticator app can log in as the demo esi. Stored encrypted
 * like any other secret.
 */
export const DEMO_ESI_TOTP_SECRET = 'JBSWY3DPEHPK3PXP'

export const DEMO_ACCOUNTS = [
  {
    email: 'esi@demo.test',
    name: 'Sophie Lambert',
    role: 'esi' as const,
    droitsAccordes: ['admin'],
  },
  { email: 'pro@demo.test', name: 'Julien Dupont', role: 'pro' as const, droitsAccordes: [] },
  { email: 'user@demo.test', name: 'Claire Martin', role: 'other' as const, droitsAccordes: [] },
]

export async function seedDemoAccounts(trx: TransactionClientContract) {
  const esiSociete = await Societe.create(
    {
      nom: 'Menuiseries Dubois & Fils',
      type: 'esi',
      formeJuridique: 'SRL',
      numeroTva: 'BE0456789034',
      rpm: 'RPM Liège, division Namur',
      adresse: 'Chaussée de Louvain 212',
      codePostal: '5000',
      localite: 'Namur',
      pays: 'BE',
      email: 'info@dubois-menuiseries.be',
      telephone: '+32 81 22 33 44',
      iban: 'BE68539007547034',
      bic: 'GKCCBEBB',
    },
    { client: trx }
  )
  const proSociete = await Societe.create(
    {
      nom: 'Atelier d’architecture Renard',
      type: 'pro',
      formeJuridique: 'SRL',
      numeroTva: 'BE0811223371',
      adresse: 'Rue Saint-Gilles 45',
      codePostal: '4000',
      localite: 'Liège',
      pays: 'BE',
      email: 'contact@atelier-renard.be',
      telephone: '+32 4 223 45 67',
    },
    { client: trx }
  )
  const proSociete2 = await Societe.create(
    {
      nom: 'Construction Peeters',
      type: 'pro',
      formeJuridique: 'SA',
      numeroTva: 'BE0677889943',
      adresse: 'Avenue de la Toison d’Or 12',
      codePostal: '6000',
      localite: 'Charleroi',
      pays: 'BE',
      email: 'bureau@peeters-construction.be',
    },
    { client: trx }
  )
  const clientSociete = await Societe.create(
    {
      nom: 'Copropriété Les Tilleuls',
      type: 'client',
      adresse: 'Rue des Tilleuls 8',
      codePostal: '1300',
      localite: 'Wavre',
      pays: 'BE',
    },
    { client: trx }
  )

  const users: Record<string, User> = {}
  for (const account of DEMO_ACCOUNTS) {
    const twoFactor =
      account.role === 'esi'
        ? {
            twoFactorSecret: encryptTotpSecret(DEMO_ESI_TOTP_SECRET),
            twoFactorConfirmedAt: DateTime.now(),
          }
        : {}
    users[account.role] = await User.create(
      { ...account, ...twoFactor, password: DEMO_PASSWORD, emailVerifiedAt: DateTime.now() },
      { client: trx }
    )
  }

  await users.esi.related('societes').attach({ [esiSociete.id]: { role: 'admin' } }, trx)
  await users.pro
    .related('societes')
    .attach({ [proSociete.id]: { role: 'admin' }, [proSociete2.id]: { role: 'membre' } }, trx)
  await users.other.related('societes').attach({ [clientSociete.id]: { role: 'admin' } }, trx)

  const now = DateTime.now()
  await Notification.createMany(
    [
      {
        userId: users.esi.id,
        type: 'bienvenue',
        titre: 'Bienvenue dans ESI Back-office',
        lien: '/dashboard',
        icon: 'bi bi-stars',
      },
      {
        userId: users.esi.id,
        type: 'securite',
        titre: 'Double authentification activée sur votre compte',
        lien: '/profile',
        icon: 'bi bi-shield-lock',
        createdAt: now.minus({ hours: 2 }),
      },
      {
        userId: users.esi.id,
        type: 'planning',
        titre: 'Mesurage chez M. Leclercq reporté au jeudi 26/11',
        lien: '/esi/planning/tec',
        icon: 'bi bi-calendar-event',
        createdAt: now.minus({ days: 1 }),
      },
      {
        userId: users.pro.id,
        type: 'bienvenue',
        titre: 'Bienvenue sur votre espace partenaire',
        lien: '/app/offres',
        icon: 'bi bi-stars',
      },
      {
        userId: users.other.id,
        type: 'bienvenue',
        titre: 'Bienvenue sur ESI Back-office',
        lien: '/dashboard',
        icon: 'bi bi-stars',
        luLe: now,
      },
    ],
    { client: trx }
  )
  return { users, societes: { esiSociete, proSociete, proSociete2, clientSociete } }
}
