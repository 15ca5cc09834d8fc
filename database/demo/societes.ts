/*
 * Demo sociétés and contacts (issue 4): partner architects and builders, two more suppliers of
 * the installer (the catalogue's own suppliers come with database/demo/produits.ts), a client
 * company, and thirty contacts of the partners — Walloon and Brussels addresses. VAT numbers and
 * IBANs get their real check digits (mod 97). E-mail addresses use the reserved .test domain, so
 * a demo can never write to anybody. Demo data only.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Societe from '#models/societe'
import Contact from '#models/contact'
import type { DemoBase } from '#database/demo/index'
import { isValidBeVat, isValidIban } from '#shared/validation/belgium'

/** BE + the 8-digit base + 97 − (base mod 97). */
export function demoVat(base: number): string {
  const vat = `BE${String(base).padStart(8, '0')}${String(97 - (base % 97)).padStart(2, '0')}`
  if (!isValidBeVat(vat)) throw new Error(`demo VAT ${vat}`)
  return vat
}

/** A Belgian IBAN from a bank code (3 digits) and an account (7 digits), both checks computed. */
export function demoIban(bank: string, account: string): string {
  const first10 = bank + account
  const bban = first10 + String(Number(BigInt(first10) % 97n) || 97).padStart(2, '0')
  // B = 11, E = 14, then "00" in place of the check digits
  const check = 98 - Number(BigInt(`${bban}111400`) % 97n)
  const iban = `BE${String(check).padStart(2, '0')}${bban}`
  if (!isValidIban(iban)) throw new Error(`demo IBAN ${iban}`)
  return iban
}

type DemoSociete = Partial<Societe> & { key: string; vat: number; bank: readonly [string, string] }

const SOCIETES: DemoSociete[] = [
  {
    key: 'collard',
    nom: 'Bureau d’architecture Collard & Noël',
    type: 'pro',
    formeJuridique: 'SRL',
    vat: 6_734_218,
    bank: ['001', '4455123'],
    adresse: 'Rue de Nimy 52',
    codePostal: '7000',
    localite: 'Mons',
    email: 'bureau@collard-noel.test',
    telephone: '+32 65 31 42 87',
    bic: 'GEBABEBB',
  },
  {
    key: 'lambotte',
    nom: 'Entreprise générale Lambotte',
    type: 'pro',
    formeJuridique: 'SA',
    vat: 4_218_906,
    bank: ['363', '1209874'],
    adresse: 'Chaussée de Bruxelles 118',
    codePostal: '1300',
    localite: 'Wavre',
    email: 'info@lambotte-construct.test',
    telephone: '+32 10 22 61 30',
    bic: 'BBRUBEBB',
    rpm: 'RPM Brabant wallon',
  },
  {
    key: 'vandamme',
    nom: 'Rénovations Van Damme',
    type: 'pro',
    formeJuridique: 'SRL',
    vat: 8_102_377,
    bank: ['068', '2511408'],
    adresse: 'Rue Wayez 87',
    codePostal: '1070',
    localite: 'Anderlecht',
    email: 'contact@vandamme-renovations.test',
    telephone: '+32 2 521 18 64',
    bic: 'GKCCBEBB',
  },
  {
    key: 'lemaire',
    nom: 'Portes Lemaire',
    type: 'fournisseur',
    formeJuridique: 'SRL',
    vat: 5_577_021,
    bank: ['732', '0213344'],
    adresse: 'Zoning des Hauts-Sarts, 2e Avenue 14',
    codePostal: '4040',
    localite: 'Herstal',
    email: 'commandes@portes-lemaire.test',
    telephone: '+32 4 248 90 10',
    bic: 'CREGBEBB',
  },
  {
    key: 'quincaillerie',
    nom: 'Quincaillerie Mosane',
    type: 'fournisseur',
    formeJuridique: 'SA',
    vat: 4_406_652,
    bank: ['210', '0456789'],
    adresse: 'Rue de la Gare 3',
    codePostal: '5300',
    localite: 'Andenne',
    email: 'pro@quincaillerie-mosane.test',
    telephone: '+32 85 84 12 00',
    bic: 'GEBABEBB',
  },
  {
    key: 'residence',
    nom: 'Résidence Le Val Fleuri (ACP)',
    type: 'client',
    vat: 8_450_112,
    bank: ['001', '7788990'],
    adresse: 'Avenue des Combattants 25',
    codePostal: '1340',
    localite: 'Ottignies-Louvain-la-Neuve',
    email: 'syndic@valfleuri.test',
  },
]

// [prénom, nom, rue, code postal, localité, téléphone, société, note]
type DemoContact = [string, string, string, string, string, string, string, string?]

const CONTACTS: DemoContact[] = [
  [
    'Amandine',
    'Lejeune',
    'Rue des Carmes 14',
    '5000',
    'Namur',
    '+32 81 22 45 10',
    'renard',
    'Maison 1930 : châssis bois à remplacer, façade classée.',
  ],
  ['Olivier', 'Dumont', 'Rue Saint-Léonard 201', '4000', 'Liège', '+32 4 342 18 77', 'renard'],
  [
    'Nathalie',
    'Renard',
    'Avenue Blonden 32',
    '4000',
    'Liège',
    '+32 475 61 20 33',
    'renard',
    'Cliente du bureau depuis 2019.',
  ],
  ['François', 'Gillet', 'Rue du Pont 8', '4500', 'Huy', '+32 85 21 34 56', 'renard'],
  ['Céline', 'Mathieu', 'Rue de Fer 41', '5000', 'Namur', '+32 496 18 22 40', 'renard'],
  ['Julien', 'Lambert', 'Rue Haute 12', '1300', 'Wavre', '+32 10 24 33 18', 'renard'],
  [
    'Isabelle',
    'Hubert',
    'Place Verte 3',
    '4800',
    'Verviers',
    '+32 87 33 21 09',
    'renard',
    'Appartement au 3e étage : prévoir l’accès pour la pose.',
  ],
  ['Thierry', 'Collignon', 'Rue de Namur 77', '5100', 'Jambes', '+32 81 30 40 50', 'renard'],
  [
    'Sophie',
    'Marchal',
    'Chaussée de Liège 150',
    '4460',
    'Grâce-Hollogne',
    '+32 4 234 56 78',
    'renard',
  ],
  [
    'Christophe',
    'Leclercq',
    'Boulevard Tirou 44',
    '6000',
    'Charleroi',
    '+32 71 32 14 50',
    'peeters',
    'Immeuble de rapport, 6 appartements.',
  ],
  [
    'Véronique',
    'Dubois',
    'Rue de Marcinelle 9',
    '6000',
    'Charleroi',
    '+32 477 40 12 90',
    'peeters',
  ],
  ['Marc', 'Peeters', 'Rue Saint-Fiacre 23', '6041', 'Gosselies', '+32 71 35 66 12', 'peeters'],
  [
    'Aurélie',
    'Wauters',
    'Avenue de Waterloo 81',
    '6000',
    'Charleroi',
    '+32 71 30 90 44',
    'peeters',
  ],
  [
    'Grégory',
    'Denis',
    'Rue de la Station 5',
    '6200',
    'Châtelet',
    '+32 71 38 12 00',
    'peeters',
    'Demande un devis pour une porte d’entrée en aluminium.',
  ],
  ['Laurence', 'Simon', 'Rue du Moulin 19', '6180', 'Courcelles', '+32 498 55 21 30', 'peeters'],
  ['Benoît', 'Lemaire', 'Rue d’Havré 60', '7000', 'Mons', '+32 65 33 44 55', 'collard'],
  ['Caroline', 'Noël', 'Grand-Rue 102', '7000', 'Mons', '+32 65 84 21 19', 'collard'],
  [
    'Pascal',
    'Gérard',
    'Rue de la Chaussée 16',
    '7500',
    'Tournai',
    '+32 69 22 10 80',
    'collard',
    'Bâtiment en zone protégée : châssis teinte RAL 7016 imposée.',
  ],
  ['Émilie', 'Fontaine', 'Rue des Fripiers 4', '7000', 'Mons', '+32 472 30 40 18', 'collard'],
  [
    'Jean-Luc',
    'Henrard',
    'Avenue Reine Astrid 11',
    '7100',
    'La Louvière',
    '+32 64 22 31 45',
    'collard',
  ],
  ['Stéphanie', 'Thiry', 'Rue de la Station 30', '1300', 'Wavre', '+32 10 22 48 70', 'lambotte'],
  [
    'Vincent',
    'Lambotte',
    'Avenue de Tervueren 210',
    '1150',
    'Woluwe-Saint-Pierre',
    '+32 2 770 12 34',
    'lambotte',
  ],
  [
    'Sandrine',
    'Jacquet',
    'Rue du Bosquet 6',
    '1348',
    'Louvain-la-Neuve',
    '+32 10 45 60 71',
    'lambotte',
    'Nouvelle construction : 14 fenêtres triple vitrage.',
  ],
  ['Damien', 'Closset', 'Chaussée de Namur 245', '1400', 'Nivelles', '+32 67 21 88 09', 'lambotte'],
  ['Martine', 'Rousseau', 'Rue Bara 48', '1070', 'Anderlecht', '+32 2 520 77 41', 'vandamme'],
  [
    'Karim',
    'Benali',
    'Chaussée de Gand 310',
    '1080',
    'Molenbeek-Saint-Jean',
    '+32 485 20 31 77',
    'vandamme',
  ],
  [
    'Anne',
    'Van den Bossche',
    'Avenue Louise 402',
    '1050',
    'Ixelles',
    '+32 2 640 15 92',
    'vandamme',
    'Maison de maître : portes intérieures à rénover.',
  ],
  ['Luc', 'Desmet', 'Rue Vanderkindere 120', '1180', 'Uccle', '+32 2 344 81 06', 'vandamme'],
  ['Chloé', 'Verhaegen', 'Place Flagey 7', '1050', 'Ixelles', '+32 479 11 25 60', 'vandamme'],
  ['Nicolas', 'Piron', 'Rue Royale 150', '1000', 'Bruxelles', '+32 2 217 44 30', 'vandamme'],
]

function email(prenom: string, nom: string): string {
  const plain = `${prenom}.${nom}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z.]/g, '')
  return `${plain}@exemple.test`
}

export async function seedDemoSocietes(trx: TransactionClientContract, base: DemoBase) {
  const byKey: Record<string, Societe> = {
    renard: base.societes.proSociete,
    peeters: base.societes.proSociete2,
  }
  for (const { key, vat, bank, ...fields } of SOCIETES) {
    byKey[key] = await Societe.create(
      { pays: 'BE', ...fields, numeroTva: demoVat(vat), iban: demoIban(...bank) },
      { client: trx }
    )
  }
  // The demo partner's sociétés get banking details too
  const partnerBanks: [string, string, string, string][] = [
    ['renard', '068', '0812345', 'GKCCBEBB'],
    ['peeters', '363', '0456123', 'BBRUBEBB'],
  ]
  for (const [key, bank, account, bic] of partnerBanks) {
    byKey[key].useTransaction(trx)
    byKey[key].merge({ iban: demoIban(bank, account), bic })
    await byKey[key].save()
  }
  await Contact.createMany(
    CONTACTS.map(([prenom, nom, adresse, codePostal, localite, telephone, societe, notes]) => ({
      societeId: byKey[societe].id,
      prenom,
      nom,
      email: email(prenom, nom),
      telephone,
      adresse,
      codePostal,
      localite,
      notes: notes ?? null,
    })),
    { client: trx }
  )
  return byKey
}
