/*
 * Helpers of the clients tests: a known set of clients and the clients list as an esi sees it.
 */
import { DateTime } from 'luxon'
import type Client from '#models/client'
import type User from '#models/user'
import { ClientFactory } from '#database/factories/client_factory'
import type { ClientListItem } from '#shared/clients'

/** Accent- and case-free, as f_unaccent(lower(…)) does for these (Latin-1) names. */
export const fold = (s: string | null) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')

/** 14 clients covering accents, case, empty values and equal sort values (tiebreaks). */
export async function makeKnownClients() {
  const base = DateTime.fromISO('2026-01-10T09:00:00Z')
  const rows: Partial<Client>[] = [
    {
      nom: 'Dupont',
      prenom: 'Jean',
      type: 'particulier',
      facturationLocalite: 'Namur',
      facturationCodePostal: '5000',
      email: 'jean@dupont.be',
    },
    {
      nom: 'dupont',
      prenom: 'Alice',
      type: 'particulier',
      facturationLocalite: 'Liège',
      facturationCodePostal: '4000',
      email: 'Alice@Dupont.be',
    },
    {
      nom: 'Éloy',
      prenom: 'Géraldine',
      type: 'particulier',
      facturationLocalite: 'Éghezée',
      facturationCodePostal: '5310',
      email: null,
    },
    {
      nom: 'Lambert',
      prenom: null,
      type: 'professionnel',
      societe: 'Zénith SRL',
      numeroTva: 'BE0403170701',
      facturationLocalite: 'Wavre',
      facturationCodePostal: '1300',
      email: 'info@zenith.be',
    },
    {
      nom: 'Martin',
      prenom: 'Zoé',
      type: 'professionnel',
      societe: 'Atelier Martin SA',
      numeroTva: 'BE0403170701',
      facturationLocalite: null,
      facturationCodePostal: null,
      email: 'zoe@martin.be',
    },
    {
      nom: 'Peeters',
      prenom: 'Élise',
      type: 'particulier',
      facturationLocalite: 'Bruxelles',
      facturationCodePostal: '1000',
      email: 'elise@peeters.be',
    },
    {
      nom: 'Œuvray',
      prenom: 'Marc',
      type: 'particulier',
      facturationLocalite: 'Charleroi',
      facturationCodePostal: '6000',
      email: 'marc@oeuvray.be',
    },
    {
      nom: 'Dubois',
      prenom: 'Jean',
      type: 'professionnel',
      societe: 'bois & Co',
      numeroTva: 'BE0403170701',
      facturationLocalite: 'Namur',
      facturationCodePostal: '5000',
      email: null,
    },
    {
      nom: 'Claes',
      prenom: 'Anne',
      type: 'particulier',
      facturationLocalite: 'Ixelles',
      facturationCodePostal: '1050',
      email: 'anne@claes.be',
    },
    {
      nom: 'Renard',
      prenom: 'Hugo',
      type: 'particulier',
      facturationLocalite: 'Mons',
      facturationCodePostal: '7000',
      email: 'hugo@renard.be',
    },
    {
      nom: 'Simon',
      prenom: 'Anne',
      type: 'particulier',
      facturationLocalite: 'Huy',
      facturationCodePostal: '4500',
      email: 'anne@simon.be',
    },
    {
      nom: 'Dupont',
      prenom: 'Jean',
      type: 'particulier',
      facturationLocalite: 'Dinant',
      facturationCodePostal: '5500',
      email: 'jean2@dupont.be',
    },
    {
      nom: 'Willems',
      prenom: 'Luc',
      type: 'professionnel',
      societe: 'Willems SPRL',
      numeroTva: 'BE0403170701',
      facturationLocalite: 'Uccle',
      facturationCodePostal: '1180',
      email: 'luc@willems.be',
    },
    {
      nom: 'Aubry',
      prenom: 'Chloé',
      type: 'particulier',
      facturationLocalite: 'Wavre',
      facturationCodePostal: '1300',
      email: 'chloe@aubry.be',
    },
  ]
  const created: Client[] = []
  for (const [i, row] of rows.entries()) {
    created.push(
      await ClientFactory.merge({
        telephone: null,
        societe: null,
        numeroTva: null,
        ...row,
        // Two clients share each creation time: the tiebreak (id_client) decides
        createdAt: base.plus({ hours: Math.floor(i / 2) }),
      }).create()
    )
  }
  return created
}

/** The value a sort key orders by, as the database computes it. */
export const SORT_VALUE: Record<string, (c: ClientListItem) => string | number> = {
  id_client: (c) => c.id_client,
  type: (c) => c.type,
  nom: (c) => `${fold(c.nom)}\u0000${fold(c.prenom)}`,
  prenom: (c) => fold(c.prenom),
  societe: (c) => fold(c.societe),
  code_postal: (c) => c.code_postal ?? '',
  localite: (c) => fold(c.localite),
  email: (c) => (c.email ?? '').toLowerCase(),
  created_at: (c) => c.created_at,
}

/** The expected order of ids for a one-key sort, ties broken by id_client the same way. */
export function expectedIds(rows: ClientListItem[], key: string, desc: boolean): number[] {
  const value = SORT_VALUE[key]
  return [...rows]
    .sort((a, b) => {
      const [va, vb] = [value(a), value(b)]
      const cmp = va < vb ? -1 : va > vb ? 1 : a.id_client - b.id_client
      return desc ? -cmp : cmp
    })
    .map((c) => c.id_client)
}

export async function listAs(client: any, user: User, query = '') {
  const response = await client.get(`/esi/customers${query}`).loginAs(user).withInertia()
  return { response, props: response.body().props ?? {} }
}
