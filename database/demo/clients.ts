/*
 * Demo clients (issue 4): 60 believable customers of a window and door installer around Namur,
 * Liège, Charleroi, Wavre and Brussels, particuliers and professionnels, some brought by the demo
 * pro sociétés. Built from the lists below by index (no randomness: the same data every time).
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Client from '#models/client'
import type { DemoBase } from '#database/demo/index'

/** [code postal, localité, latitude, longitude, zone téléphonique] */
export const LOCALITES: [string, string, number, number, string][] = [
  ['5000', 'Namur', 50.4669, 4.8675, '081'],
  ['5100', 'Jambes', 50.4556, 4.8747, '081'],
  ['5030', 'Gembloux', 50.5612, 4.6983, '081'],
  ['5300', 'Andenne', 50.4887, 5.0943, '085'],
  ['5500', 'Dinant', 50.2607, 4.9117, '082'],
  ['4000', 'Liège', 50.6326, 5.5797, '04'],
  ['4100', 'Seraing', 50.5833, 5.5, '04'],
  ['4040', 'Herstal', 50.6667, 5.6333, '04'],
  ['4500', 'Huy', 50.5185, 5.2393, '085'],
  ['4800', 'Verviers', 50.5891, 5.8623, '087'],
  ['4050', 'Chaudfontaine', 50.583, 5.64, '04'],
  ['6000', 'Charleroi', 50.4108, 4.4446, '071'],
  ['6041', 'Gosselies', 50.469, 4.433, '071'],
  ['6200', 'Châtelet', 50.405, 4.525, '071'],
  ['6220', 'Fleurus', 50.4833, 4.55, '071'],
  ['7000', 'Mons', 50.4542, 3.9523, '065'],
  ['1300', 'Wavre', 50.7167, 4.6, '010'],
  ['1348', 'Louvain-la-Neuve', 50.6681, 4.6118, '010'],
  ['1330', 'Rixensart', 50.7117, 4.527, '02'],
  ['1410', 'Waterloo', 50.715, 4.399, '02'],
  ['1400', 'Nivelles', 50.598, 4.329, '067'],
  ['1370', 'Jodoigne', 50.723, 4.87, '010'],
  ['1000', 'Bruxelles', 50.8467, 4.3525, '02'],
  ['1050', 'Ixelles', 50.8333, 4.3667, '02'],
  ['1180', 'Uccle', 50.8, 4.3333, '02'],
  ['1030', 'Schaerbeek', 50.8676, 4.3737, '02'],
  ['1200', 'Woluwe-Saint-Lambert', 50.8429, 4.4306, '02'],
  ['1170', 'Watermael-Boitsfort', 50.799, 4.415, '02'],
]

export const NOMS = [
  'Dupont',
  'Lambert',
  'Dubois',
  'Martin',
  'Peeters',
  'Janssens',
  'Maes',
  'Jacobs',
  'Mertens',
  'Willems',
  'Claes',
  'Goossens',
  'Wouters',
  'De Smet',
  'Dumont',
  'Leclercq',
  'Lejeune',
  'Renard',
  'Simon',
  'Laurent',
  'Lefèbvre',
  'Michel',
  'François',
  'Collin',
  'Gérard',
  'Hubert',
  'Denis',
  'Hermans',
  'Delvaux',
  'Lemaire',
  'Bertrand',
  'Charlier',
  'Pirard',
  'Henrion',
  'Noël',
  'Mathieu',
  'Gilson',
  'Thiry',
  'Delhaye',
  'Wauters',
  'Cornet',
  'Lecomte',
  'Marchal',
  'Baudoin',
  'Lhoest',
  'Delcourt',
  'Rousseau',
  'Evrard',
  'Joris',
  'Piron',
  'Frère',
  'Warnier',
  'Dethier',
  'Closset',
  'Masson',
  'Hennuy',
  'Lallemand',
  'Beaufays',
  'Sépulchre',
  'Dierickx',
]

export const PRENOMS = [
  'Géraldine',
  'Marc',
  'Sophie',
  'Jean-Pierre',
  'Nathalie',
  'Olivier',
  'Isabelle',
  'Philippe',
  'Christine',
  'Luc',
  'Anne',
  'Thierry',
  'Véronique',
  'Michel',
  'Catherine',
  'Pascal',
  'Martine',
  'Benoît',
  'Julie',
  'Thomas',
  'Emma',
  'Louis',
  'Chloé',
  'Hugo',
  'Camille',
  'Maxime',
  'Laura',
  'Nicolas',
  'Sarah',
  'Antoine',
  'Élise',
  'François',
  'Hélène',
  'Jérôme',
  'Aurélie',
  'Cédric',
  'Mélanie',
  'Grégory',
  'Céline',
  'Damien',
]

export const FEMININ = new Set([
  'Géraldine',
  'Sophie',
  'Nathalie',
  'Isabelle',
  'Christine',
  'Anne',
  'Véronique',
  'Catherine',
  'Martine',
  'Julie',
  'Emma',
  'Chloé',
  'Camille',
  'Laura',
  'Sarah',
  'Élise',
  'Hélène',
  'Aurélie',
  'Mélanie',
  'Céline',
])

export const RUES = [
  'Rue de Fer',
  'Rue de l’Ange',
  'Chaussée de Louvain',
  'Avenue Cardinal Mercier',
  'Rue Saint-Gilles',
  'Rue Haute',
  'Rue de la Station',
  'Rue du Moulin',
  'Chaussée de Bruxelles',
  'Rue des Champs',
  'Rue de l’Église',
  'Avenue des Combattants',
  'Rue du Centre',
  'Rue de Namur',
  'Rue de Liège',
  'Chemin des Aubépines',
  'Rue des Écoles',
  'Avenue de la Gare',
  'Rue Grande',
  'Clos des Noisetiers',
]

const SOCIETES = [
  'Immobilière Meuse',
  'Boulangerie Lejeune',
  'Cabinet dentaire Delvaux',
  'Hôtel du Château',
  'Résidence Les Peupliers (ACP)',
  'Pharmacie Centrale',
  'Garage Thiry',
  'Crèche Les Lutins',
  'Brasserie du Val',
  'Notaire Lambert & Associés',
  'Clinique vétérinaire des Prés',
  'Restaurant Le Saint-Aubain',
  'Fiduciaire Collin',
  'École Saint-Joseph (ASBL)',
  'Boucherie Pirard',
  'Cabinet d’architecture Henrion',
  'Gîte La Fermette',
  'Librairie Papyrus',
  'Kinésithérapie Marchal',
  'Salle Les Tilleuls',
]
const FORMES = ['SRL', 'SA', 'SRL', 'SC', 'SRL']

const NOTES = [
  'Porte d’entrée à remplacer avant l’hiver.',
  'Accès chantier par l’arrière (clé chez la voisine, n° 14).',
  'Préfère être contacté par e-mail en journée.',
  'Rénovation complète : 12 châssis PVC, maison de 1975 (TVA 6 %).',
  'Volets roulants électriques à prévoir au premier étage.',
  null,
  null,
]

/** A valid Belgian VAT number from an 8-digit base (mod 97). */
export function vatNumber(base: number): string {
  const eight = String(base % 100_000_000)
    .padStart(8, '0')
    .replace(/^[2-9]/, '0')
  const check = 97 - (Number(eight) % 97)
  return `BE${eight}${String(check).padStart(2, '0')}`
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')

/** "081 22 33 44" / "04 223 45 67" / "02 512 34 56" from an area code and a number. */
export function phone(area: string, n: number): string {
  const digits = String(1_000_000 + (n % 9_000_000))
    .padStart(7, '0')
    .slice(-7)
  return area.length === 2
    ? `${area} ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
    : `${area} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
}

export async function seedDemoClients(trx: TransactionClientContract, base: DemoBase) {
  const apporteurs = [base.societes.proSociete.id, base.societes.proSociete2.id]
  const now = DateTime.now()
  const rows = Array.from({ length: 60 }, (_, i) => {
    const professional = i % 3 === 0
    const nom = NOMS[i % NOMS.length]
    const prenom = PRENOMS[(i * 7) % PRENOMS.length]
    const [cp, localite, lat, lng, area] = LOCALITES[(i * 5) % LOCALITES.length]
    const rue = `${RUES[(i * 3) % RUES.length]} ${((i * 7) % 180) + 1}`
    const societe = professional ? `${SOCIETES[(i / 3) % SOCIETES.length]} ${FORMES[i % 5]}` : null
    const sameSite = i % 4 !== 0
    const [ccp, cloc, clat, clng] = sameSite
      ? [cp, localite, lat, lng]
      : LOCALITES[(i * 5 + 3) % LOCALITES.length]
    return {
      type: professional ? ('professionnel' as const) : ('particulier' as const),
      civilite:
        i % 9 === 4
          ? ('M. et Mme' as const)
          : FEMININ.has(prenom)
            ? ('Mme' as const)
            : ('M.' as const),
      nom,
      prenom,
      societe,
      numeroTva: professional ? vatNumber(4_100_000 + i * 7919) : null,
      email: professional
        ? `info@${ascii(societe!.replace(/\s(SRL|SA|SC)$/, ''))}.be`
        : `${ascii(prenom)}.${ascii(nom)}@exemple.be`,
      telephone: i % 5 === 2 ? null : phone(area, 2_233_445 + i * 104_729),
      gsm:
        i % 2 === 0
          ? `04${70 + (i % 30)} ${String(10 + (i % 89)).padStart(2, '0')} ${String(20 + ((i * 3) % 79)).padStart(2, '0')} ${String(30 + ((i * 7) % 69)).padStart(2, '0')}`
          : null,
      facturationRue: rue,
      facturationCodePostal: cp,
      facturationLocalite: localite,
      facturationPays: 'BE',
      chantierRue: sameSite ? rue : `${RUES[(i * 3 + 5) % RUES.length]} ${((i * 11) % 90) + 1}`,
      chantierCodePostal: ccp as string,
      chantierLocalite: cloc as string,
      // A few hundred metres around the town centre, different for each client
      chantierLat: Math.round(((clat as number) + (((i * 37) % 21) - 10) * 0.0012) * 1e6) / 1e6,
      chantierLng: Math.round(((clng as number) + (((i * 53) % 21) - 10) * 0.0018) * 1e6) / 1e6,
      apporteurId: i % 5 === 1 ? apporteurs[0] : i % 5 === 3 ? apporteurs[1] : null,
      notes: NOTES[i % NOTES.length],
      // Some businesses pay at 60 days (the client's own term, decision 260)
      delaiPaiementJours: professional && i % 6 === 3 ? 60 : null,
      createdAt: now.minus({ days: (60 - i) * 11, hours: i % 9 }),
    }
  })
  return Client.createMany(rows, { client: trx })
}
