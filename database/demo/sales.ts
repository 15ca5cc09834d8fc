/*
 * Demo sales pipeline (issue 5): about forty devis over the last twelve months for the demo
 * clients — windows and doors from the demo catalogue, sections and sub-totals, renovation lines
 * at 6 %, one B2B devis under reverse charge at 0 % — in every statut, numbered in date order;
 * the bons de commande of the accepted ones, a few signed with their commande, two demandes de
 * paiement (one paid); and the demo partner's discount with four offres for his contacts, one of
 * them taken over by esi as a devis at catalogue prices (its commission shown apart).
 *
 * Everything runs in the seeding transaction (`trx`): the steps the services take in their own
 * transactions (sending, accepting, signing) are written here directly with the same numbering
 * (nextNumero), lines and totals (replaceLignes / totalsOf) and bdc creation (createBdcFromDevis).
 * Deterministic: every choice is computed from the devis' index; dates are relative to today.
 */
import { randomUUID } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoBase } from '#database/demo/index'
import Client from '#models/client'
import Contact from '#models/contact'
import Devis from '#models/devis'
import Commande from '#models/commande'
import DemandePaiement from '#models/demande_paiement'
import Offre from '#models/offre'
import Produit from '#models/produit'
import { nextNumero } from '#services/documents/numbering'
import { TIME_ZONE } from '#shared/app'
import { normaliseLignes, replaceLignes, totalsOf } from '#services/documents/lignes'
import { createBdcFromDevis } from '#services/bdc/create_bdc'
import { atInstant } from '#database/demo/demo_books'
import { offreToDevis } from '#services/offres/offre_to_devis'
import { systemActor } from '#services/actor'
import { storeDrawnSignature } from '#services/bdc/signature_storage'
import { communicationFor } from '#services/paiement/demande_paiement_service'
import { clientDisplayName } from '#shared/clients'
import {
  DELAI_RETRACTATION_JOURS,
  DEMANDE_PAIEMENT_LIEN_JOURS,
  DEVIS_VALIDITE_JOURS,
  type DevisStatut,
  type LigneData,
} from '#shared/devis'
import { partnerPrice } from '#shared/offres'

/** A line of a template: a product reference (quantity, VAT override, discount) or a text. */
type TemplateLine =
  | { ref: string; qte: number; tva?: 0 | 6 | 21; remise?: number; vary?: true }
  | { section: string }
  | { texte: string }
  | { sousTotal: string }

type Template = {
  objet: string
  /** Intro text code (the renovation one mentions the 6 % rate). */
  intro: 'devis_intro' | 'devis_intro_renovation'
  remise?: string
  acompte?: string
  lignes: TemplateLine[]
}

const RENOVATION_FACADE: Template = {
  objet: 'Remplacement des châssis de la façade avant (rénovation)',
  intro: 'devis_intro_renovation',
  lignes: [
    { section: 'Rez-de-chaussée' },
    { ref: 'CH-PVC-2V-140140', qte: 2, tva: 6 },
    { ref: 'CH-PVC-PF-180215', qte: 1, tva: 6 },
    { sousTotal: 'Sous-total rez-de-chaussée' },
    { section: 'Étage' },
    { ref: 'CH-PVC-1V-100140', qte: 3, tva: 6, vary: true },
    { ref: 'CH-PVC-TEINTE', qte: 6, tva: 6, vary: true },
    { ref: 'POSE-CHASSIS-RENOV', qte: 6, vary: true },
    { ref: 'EVAC-DECHETS', qte: 1, tva: 6 },
  ],
}

const TEMPLATES: Template[] = [
  RENOVATION_FACADE,
  {
    objet: 'Porte d’entrée aluminium avec serrure automatique',
    intro: 'devis_intro',
    lignes: [
      { ref: 'PE-ALU-100215', qte: 1 },
      { ref: 'QUI-CYL-SKG3', qte: 1 },
      { ref: 'POSE-PORTE', qte: 1 },
      { ref: 'DEPL-25', qte: 1 },
    ],
  },
  {
    objet: 'Volets roulants électriques — chambres et séjour',
    intro: 'devis_intro',
    acompte: '20',
    lignes: [
      { ref: 'VOL-MONO-ELEC', qte: 4, remise: 5, vary: true },
      { ref: 'POSE-VOLET', qte: 4, vary: true },
      { texte: 'Motorisation radio, une commande murale par pièce et une télécommande générale.' },
    ],
  },
  {
    objet: 'Coulissant et châssis aluminium pour l’extension',
    intro: 'devis_intro',
    lignes: [
      { section: 'Menuiseries' },
      { ref: 'CH-ALU-COUL-240215', qte: 1 },
      { ref: 'CH-ALU-FIXE', qte: 2.45 },
      { ref: 'CH-ALU-1V-100140', qte: 2 },
      { sousTotal: 'Sous-total menuiseries' },
      { section: 'Pose et finitions' },
      { ref: 'POSE-CHASSIS', qte: 3 },
      { ref: 'FIN-APPUI-ALU', qte: 4.2 },
      { ref: 'DEPL-50', qte: 1 },
    ],
  },
  {
    objet: 'Porte d’entrée en chêne massif (rénovation)',
    intro: 'devis_intro_renovation',
    lignes: [
      { ref: 'PE-CHENE-100215', qte: 1, tva: 6 },
      { ref: 'POSE-PORTE-RENOV', qte: 1 },
      { ref: 'MO-MENUISIER-RENOV', qte: 3.5 },
    ],
  },
  {
    objet: 'Porte de garage sectionnelle motorisée',
    intro: 'devis_intro',
    remise: '5',
    lignes: [
      { ref: 'PG-SECT-250200', qte: 1 },
      { ref: 'MO-MENUISIER', qte: 4 },
      { ref: 'DEPL-25', qte: 1 },
    ],
  },
  {
    objet: 'Store banne et moustiquaires',
    intro: 'devis_intro',
    lignes: [
      { ref: 'STORE-BANNE-4X3', qte: 1 },
      { ref: 'MOUST-ENR', qte: 5, remise: 10, vary: true },
      { ref: 'MO-MENUISIER', qte: 2 },
    ],
  },
  {
    objet: 'Remplacement de vitrages par du vitrage acoustique (rénovation)',
    intro: 'devis_intro_renovation',
    lignes: [
      { ref: 'VIT-REMPL-RENOV', qte: 3 },
      { ref: 'VIT-ACOU', qte: 4.8, tva: 6 },
      { ref: 'MESURAGE', qte: 1 },
    ],
  },
]

/** The one B2B devis: a contractor's building site, reverse charge (0 %). */
const B2B_AUTOLIQUIDATION: Template = {
  objet: 'Châssis PVC — immeuble de six appartements (autoliquidation)',
  intro: 'devis_intro',
  remise: '3',
  lignes: [
    { section: 'Bloc A — appartements' },
    { ref: 'CH-PVC-1V-100140', qte: 12, tva: 0, vary: true },
    { ref: 'CH-PVC-2V-140140', qte: 6, tva: 0 },
    { ref: 'CH-PVC-FIXE', qte: 7.5, tva: 0 },
    { sousTotal: 'Sous-total fourniture' },
    { section: 'Pose' },
    { ref: 'POSE-CHASSIS', qte: 18, tva: 0, vary: true },
    {
      texte:
        'Autoliquidation : TVA due par le cocontractant, article 20 de l’arrêté royal n° 1. Mentionner « Autoliquidation » sur votre déclaration.',
    },
  ],
}

const B2B_INDEX = 21

// Decided devis (the oldest 32), then the recent ones (sent, some accepted, drafts)
const OLD_STATUTS: DevisStatut[] = [
  'refuse',
  'accepte',
  'expire',
  'accepte',
  'annule',
  'accepte',
  'refuse',
  'accepte',
]
const RECENT_STATUTS: DevisStatut[] = [
  'envoye',
  'accepte',
  'envoye',
  'brouillon',
  'envoye',
  'accepte',
  'envoye',
  'brouillon',
]
const COUNT = OLD_STATUTS.length * 4 + RECENT_STATUTS.length

const MOTIFS = ['Client_s_est_rétracté', 'Doublon', 'Erreur_de_prix']

function statutOf(i: number): DevisStatut {
  return i < OLD_STATUTS.length * 4
    ? OLD_STATUTS[i % OLD_STATUTS.length]
    : RECENT_STATUTS[i - OLD_STATUTS.length * 4]
}

/** "2.45" for numeric(12,3), whole numbers without decimals. */
const qty = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/0+$/, ''))

function buildLignes(
  template: Template,
  produits: Map<string, Produit>,
  price: (p: Produit) => number,
  extra: number
): LigneData[] {
  const lignes: LigneData[] = template.lignes.map((line) => {
    if ('section' in line) return blank('section', line.section)
    if ('texte' in line) return blank('texte', line.texte)
    if ('sousTotal' in line) return blank('sous_total', line.sousTotal)
    const p = produits.get(line.ref)
    if (!p) throw new Error(`Produit de démonstration inconnu : ${line.ref}`)
    // One more window (and its pose) on some devis: the quantities that go together vary together
    const q = line.vary ? line.qte + extra : line.qte
    return {
      type: 'produit',
      produit_id: p.id,
      designation: p.libelle,
      quantite: qty(q),
      unite: p.unite,
      prix_unitaire_ht: price(p),
      remise_pct: String(line.remise ?? 0),
      taux_tva: line.tva ?? p.tauxTva,
    }
  })
  return normaliseLignes(lignes)
}

function blank(type: 'section' | 'texte' | 'sous_total', designation: string): LigneData {
  return {
    type,
    produit_id: null,
    designation,
    quantite: null,
    unite: null,
    prix_unitaire_ht: null,
    remise_pct: '0',
    taux_tva: null,
  }
}

function chantier(client: Client): string | null {
  const parts = [
    client.chantierRue,
    [client.chantierCodePostal, client.chantierLocalite].filter(Boolean).join(' '),
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : null
}

// ── A drawn signature for the signed demo bdcs (a PNG as the signature pad makes it) ──────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A handwriting-like stroke in dark blue ink on a transparent 360 × 110 canvas, per seed. */
export function demoSignaturePng(seed: number): Buffer {
  const [w, h] = [360, 110]
  const pixels = Buffer.alloc(w * h * 4)
  const ink = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const [px, py] = [Math.round(x) + dx, Math.round(y) + dy]
        if (px < 0 || py < 0 || px >= w || py >= h) continue
        pixels.set([24, 40, 96, 255], (py * w + px) * 4)
      }
    }
  }
  const loops = 7 + (seed % 4)
  for (let t = 0; t <= 4000; t++) {
    const x = 24 + (t / 4000) * 300
    const wave = Math.sin((t / 4000) * Math.PI * 2 * loops)
    ink(
      x + 10 * Math.cos((t / 4000) * Math.PI * 2 * loops),
      52 + 26 * wave * Math.cos(x / 90 + seed)
    )
  }
  for (let x = 40; x <= 300; x++) ink(x, 92 + 2 * Math.sin(x / 35 + seed))
  const rows = Buffer.alloc((w * 4 + 1) * h)
  for (let y = 0; y < h; y++) pixels.copy(rows, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export async function seedDemoSales(trx: TransactionClientContract, base: DemoBase) {
  const now = DateTime.now().setZone(TIME_ZONE)
  const today = now.startOf('day')
  const commercial = base.users.esi
  const esiSociete = base.societes.esiSociete

  const clients = await Client.query({ client: trx }).orderBy('id_client')
  const catalogue = await Produit.query({ client: trx })
  const produits = new Map(catalogue.map((p) => [p.reference, p] as const))
  const textRows = await trx
    .from('textes')
    .whereIn('code', ['devis_intro', 'devis_intro_renovation', 'cgv'])
    .select('code', 'contenu')
  const textes = new Map(textRows.map((t) => [t.code as string, t.contenu as string] as const))
  if (!clients.length || !produits.size) return
  const professionnel = clients.find((c) => c.type === 'professionnel') ?? clients[0]

  // ── Devis, their bdc when accepted, signatures and commandes ──────────────────────────────
  const signedBdcs: { bdcId: number; signeLe: DateTime; client: Client }[] = []
  let accepted = 0
  for (let i = 0; i < COUNT; i++) {
    const template = i === B2B_INDEX ? B2B_AUTOLIQUIDATION : TEMPLATES[i % TEMPLATES.length]
    const client = i === B2B_INDEX ? professionnel : clients[(i * 7) % clients.length]
    const dateDevis = today.minus({ days: 355 - i * 9 })
    const envoyeLe = dateDevis.plus({ days: i % 3, hours: 9 + (i % 7), minutes: (i * 13) % 60 })
    const accepteLe = envoyeLe.plus({ days: 4 + (i % 5), hours: 2 })
    const statut = statutOf(i)
    const sent = statut !== 'brouillon' && !(statut === 'annule' && i % 16 === 4)

    const lignes = buildLignes(template, produits, (p) => p.prixVenteHt, i % 3 === 0 ? 1 : 0)
    const remise = template.remise ?? '0'
    const acomptePct = template.acompte ?? '30'
    const totals = totalsOf(lignes, remise, acomptePct)
    const devis = await Devis.create(
      {
        numero: sent ? await nextNumero(trx, 'devis', { annee: envoyeLe.year }) : null,
        revision: 1,
        lockVersion: 1,
        clientId: client.idClient,
        clientNom: clientDisplayName(client).slice(0, 300),
        // Most devis are Sophie's; every sixth came in without a commercial
        commercialId: i % 6 === 5 ? null : commercial.id,
        apporteurId: client.apporteurId ?? null,
        dateDevis,
        valableJusquAu: dateDevis.plus({ days: DEVIS_VALIDITE_JOURS }),
        objet: template.objet,
        adresseChantier: chantier(client),
        acomptePct,
        acompte: totals.acompte,
        intro: textes.get(template.intro) ?? null,
        conditions: textes.get('cgv') ?? null,
        remiseGlobalePct: remise,
        totalHt: totals.total_ht,
        totalTva: totals.total_tva,
        totalTtc: totals.total_ttc,
        tvaDetail: totals.tva,
        statut,
        motifAnnulation: statut === 'annule' ? MOTIFS[i % MOTIFS.length] : null,
        envoyeLe: sent ? envoyeLe : null,
        accepteLe: statut === 'accepte' ? accepteLe : null,
        refuseLe: statut === 'refuse' ? envoyeLe.plus({ days: 12 }) : null,
        createdBy: commercial.id,
        updatedBy: commercial.id,
        createdAt: dateDevis.plus({ hours: 8, minutes: i }),
        updatedAt: (statut === 'accepte' ? accepteLe : sent ? envoyeLe : dateDevis).plus({
          hours: 8,
        }),
      },
      { client: trx }
    )
    await replaceLignes(trx, 'devis_lignes', 'devis_id', devis.id, lignes, totals)
    if (statut !== 'accepte') continue

    // Made on the day of the acceptance (luxon's clock moved, decision 275): a bdc of last
    // December is numbered in last year's series, in date order like the others
    const bdc = await atInstant(accepteLe, () => createBdcFromDevis(trx, devis, commercial.id))
    await trx.from('bdcs').where('id', bdc.id).update({
      created_at: accepteLe.toJSDate(),
      updated_at: accepteLe.toJSDate(),
    })
    // Two accepted devis out of three are signed (not the latest ones: still « à signer »)
    const signeLe = accepteLe.plus({ days: 2 + (i % 4), hours: 1 })
    const k = accepted++
    if (k % 3 === 2 || signeLe > now.minus({ days: 10 })) continue
    const domicile = k % 2 === 1
    const renonciation = domicile && k % 4 === 3
    const finRetractation =
      domicile && !renonciation
        ? signeLe.plus({ days: DELAI_RETRACTATION_JOURS }).startOf('day')
        : null
    await trx
      .from('bdcs')
      .where('id', bdc.id)
      .update({
        statut: 'signe',
        signe_le: signeLe.toJSDate(),
        signataire: [client.prenom, client.nom].filter(Boolean).join(' '),
        lieu_signature: domicile ? 'domicile' : 'etablissement',
        // Drawn on the tablet, as the Show page does it (a file under storage/signatures)
        signature_type: 'dessin',
        signature_path: await storeDrawnSignature(demoSignaturePng(i)),
        signature_mime: 'image/png',
        renonciation_retractation: renonciation,
        fin_retractation: finRetractation?.toISODate() ?? null,
        lock_version: 2,
        updated_at: signeLe.toJSDate(),
      })
    await Commande.create(
      {
        numero: await nextNumero(trx, 'commande', { annee: signeLe.year }),
        bdcId: bdc.id,
        clientId: bdc.clientId,
        clientNom: bdc.clientNom,
        chefProjetId: bdc.commercialId,
        objet: bdc.objet,
        totalTtc: bdc.totalTtc,
        statut: signeLe < now.minus({ days: 60 }) ? 'en_cours' : 'en_attente',
        finRetractation,
        createdAt: signeLe,
        updatedAt: signeLe,
      },
      { client: trx }
    )
    signedBdcs.push({ bdcId: bdc.id, signeLe, client })
  }

  // ── Two demandes de paiement of the acompte: the older one paid ──────────────────────────
  for (const [n, signed] of signedBdcs.slice(-2).entries()) {
    const bdc = await trx.from('bdcs').where('id', signed.bdcId).first()
    const envoyeeLe = signed.signeLe.plus({ hours: 3 })
    const numero = await nextNumero(trx, 'demande_paiement', { annee: envoyeeLe.year })
    const payee = n === 0
    await DemandePaiement.create(
      {
        numero,
        publicId: randomUUID(),
        bdcId: bdc.id,
        clientId: Number(bdc.client_id),
        objet: `Acompte ${bdc.numero} — ${bdc.objet}`.slice(0, 200),
        montant: Number(bdc.acompte),
        beneficiaire: esiSociete.nom.slice(0, 70),
        iban: esiSociete.iban!,
        bic: esiSociete.bic,
        communication: communicationFor(numero),
        statut: payee ? 'payee' : 'envoyee',
        email: signed.client.email,
        envoyeeLe,
        lienExpireLe: envoyeeLe.plus({ days: DEMANDE_PAIEMENT_LIEN_JOURS }),
        payeeLe: payee ? envoyeeLe.plus({ days: 3 }) : null,
        createdBy: commercial.id,
        createdAt: envoyeeLe,
        updatedAt: payee ? envoyeeLe.plus({ days: 3 }) : envoyeeLe,
      },
      { client: trx }
    )
  }

  await seedDemoOffres(trx, base, produits, today)
}

/** The demo partner's discount, and four offres for his contacts at his partner prices. */
async function seedDemoOffres(
  trx: TransactionClientContract,
  base: DemoBase,
  produits: Map<string, Produit>,
  today: DateTime
) {
  const societe = base.societes.proSociete
  const remise = '12.50'
  await trx.from('societes').where('id', societe.id).update({ remise_partenaire_pct: remise })
  societe.remisePartenairePct = remise
  const contacts = await Contact.query({ client: trx })
    .where('societe_id', societe.id)
    .orderBy('id')
    .limit(3)
  if (!contacts.length) return

  const offres: {
    statut: 'transmise' | 'envoyee' | 'brouillon'
    age: number
    template: Template
    /** Taken over by esi: a devis at catalogue prices, the partner's commission apart. */
    toDevis?: true
  }[] = [
    { statut: 'transmise', age: 50, template: TEMPLATES[2], toDevis: true },
    { statut: 'transmise', age: 35, template: RENOVATION_FACADE },
    { statut: 'envoyee', age: 20, template: TEMPLATES[3] },
    { statut: 'brouillon', age: 3, template: TEMPLATES[1] },
  ]
  // Oldest first: the offres are numbered in date order in the société's own series
  for (const [n, o] of offres.entries()) {
    const contact = contacts[n % contacts.length]
    const date = today.minus({ days: o.age })
    const sentAt = date.plus({ days: 1, hours: 10 })
    const lignes = buildLignes(o.template, produits, (p) => partnerPrice(p.prixVenteHt, remise), 0)
    // The partner's own service, outside the catalogue: it keeps its price in esi's devis
    if (o.toDevis) lignes.push(METRE_PARTENAIRE)
    const totals = totalsOf(lignes, '0')
    const offre = await Offre.create(
      {
        numero:
          o.statut === 'brouillon'
            ? null
            : await nextNumero(trx, 'offre', { scope: societe.id, annee: sentAt.year }),
        societeId: societe.id,
        contactId: contact.id,
        auteurId: base.users.pro.id,
        lockVersion: 1,
        dateOffre: date,
        valableJusquAu: date.plus({ days: 30 }),
        objet: o.template.objet,
        adresseChantier: [contact.adresse, [contact.codePostal, contact.localite].join(' ')]
          .filter((s) => s && s.trim())
          .join(', '),
        intro: `Madame, Monsieur,\n\nSuite à notre rendez-vous, nous avons le plaisir de vous proposer l’offre ci-dessous, établie avec notre partenaire menuisier ${base.societes.esiSociete.nom}.`,
        conditions:
          'Offre valable 30 jours. Les mesures définitives sont relevées sur chantier avant fabrication.',
        remiseGlobalePct: '0',
        totalHt: totals.total_ht,
        totalTva: totals.total_tva,
        totalTtc: totals.total_ttc,
        tvaDetail: totals.tva,
        statut: o.statut,
        envoyeeLe: o.statut === 'envoyee' ? sentAt : null,
        transmiseLe: o.statut === 'transmise' ? sentAt : null,
        createdAt: date.plus({ hours: 9 }),
        updatedAt: o.statut === 'brouillon' ? date.plus({ hours: 9 }) : sentAt,
      },
      { client: trx }
    )
    await replaceLignes(trx, 'offre_lignes', 'offre_id', offre.id, lignes, totals)
    // esi's own action, as Sophie would click « Créer le devis » (decision 187)
    if (o.toDevis) await offreToDevis(systemActor(base.users.esi), base.users.esi, offre.id, trx)
  }
}

const METRE_PARTENAIRE: LigneData = {
  type: 'produit',
  produit_id: null,
  designation: 'Métré et conseil à domicile (partenaire)',
  quantite: '1.000',
  unite: 'forfait',
  prix_unitaire_ht: 9_000,
  remise_pct: '0',
  taux_tva: 21,
}
