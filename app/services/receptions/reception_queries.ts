// What the Pose and Réception pages read: the commande, the pose step, items, photos, the PV.
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Commande from '#models/commande'
import Client from '#models/client'
import Bdc from '#models/bdc'
import User from '#models/user'
import CommandeEtape from '#models/commande_etape'
import Reception from '#models/reception'
import CommandeFichier from '#models/commande_fichier'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import { gateReason } from '#shared/commande_etapes'
import {
  geoUri,
  navigationUrl,
  type PoseCommande,
  type PoseEtape,
  type PoseLigne,
  type PosePhoto,
  type ReceptionView,
} from '#shared/receptions'
import { fichierStored } from '#services/commandes/commande_fichiers'

type Reader = Parameters<typeof commandeGateFacts>[0]

function joinAddress(parts: (string | null | undefined)[]): string | null {
  const text = parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ')
  return text || null
}

/** The header of the Pose and Reception pages: the customer, how to reach him and the chantier. */
export async function poseCommande(commande: Commande): Promise<PoseCommande> {
  const client = await Client.find(commande.clientId)
  const bdc = await Bdc.find(commande.bdcId)
  const chef = commande.chefProjetId ? await User.find(commande.chefProjetId) : null
  const chantier = client
    ? joinAddress([
        client.chantierRue,
        joinAddress([client.chantierCodePostal, client.chantierLocalite])?.replace(', ', ' '),
      ])
    : null
  const facturation = client
    ? joinAddress([
        client.facturationRue,
        joinAddress([client.facturationCodePostal, client.facturationLocalite])?.replace(', ', ' '),
      ])
    : null
  const texte = bdc?.adresseChantier?.trim() || chantier || facturation
  // The coordinates are those of the client's chantier address: used only when it is the one shown
  const coords = texte && texte === chantier
  return {
    id: commande.id,
    numero: commande.numero,
    objet: commande.objet,
    statut: commande.statut,
    client: {
      id: commande.clientId,
      nom: commande.clientNom,
      telephone: client?.telephone ?? null,
      gsm: client?.gsm ?? null,
      email: client?.email ?? null,
    },
    adresse: {
      texte: texte ?? null,
      navigation: navigationUrl(texte),
      geo: geoUri(
        texte,
        coords ? (client?.chantierLat ?? null) : null,
        coords ? (client?.chantierLng ?? null) : null
      ),
    },
    chef_projet: chef?.name ?? null,
  }
}

/** The pose step as the pages show it, with the reason its gate is closed (or null). */
export async function poseEtape(client: Reader, commandeId: number): Promise<PoseEtape> {
  const row = await CommandeEtape.query({ client })
    .where({ commandeId, etape: 'pose' })
    .firstOrFail()
  const responsable = row.responsableId ? await User.find(row.responsableId, { client }) : null
  const facts = await commandeGateFacts(client, commandeId)
  return {
    statut: row.statut,
    lock_version: row.lockVersion,
    prevue_debut: row.prevueDebut?.toISO() ?? null,
    prevue_fin: row.prevueFin?.toISO() ?? null,
    debut_reel: row.debutReel?.toISO() ?? null,
    fin_reelle: row.finReelle?.toISO() ?? null,
    notes: row.notes,
    responsable: responsable?.name ?? null,
    gate: gateReason('pose', facts),
  }
}

/** The measured items of the commande (its measurement sheet's rows, in order). */
export async function poseLignes(client: Reader, commandeId: number): Promise<PoseLigne[]> {
  const rows = await client
    .from('mesure_lignes')
    .join('mesures', 'mesures.id', 'mesure_lignes.mesure_id')
    .where('mesures.commande_id', commandeId)
    .orderBy('mesure_lignes.position')
    .orderBy('mesure_lignes.id')
    .select('mesure_lignes.*')
  return rows.map((r) => ({
    id: Number(r.id),
    repere: r.repere,
    designation: r.designation,
    largeur_mm: r.largeur_mm,
    hauteur_mm: r.hauteur_mm,
    sens_ouverture: r.sens_ouverture,
    couleur: r.couleur,
    vitrage: r.vitrage,
    quantite: Number(r.quantite),
    remarques: r.remarques,
  }))
}

/** Photos of the pose (avant / après), newest last. */
export async function posePhotos(client: Reader, commandeId: number): Promise<PosePhoto[]> {
  const rows = await client
    .from('commande_fichiers')
    .where({ commande_id: commandeId, etape: 'pose', kind: 'photo' })
    .orderBy('id')
    .select('id', 'moment', 'legende')
  return rows.map((r) => {
    const url = urlFor('esi.commandes.fichiers.show', { id: commandeId, fichier: r.id })
    return {
      id: Number(r.id),
      moment: r.moment,
      legende: r.legende,
      url,
      vignette: `${url}?vignette=1`,
    }
  })
}

/** The commande's active PV, or null. */
export async function activeReception(client: Reader, commandeId: number) {
  return Reception.query({ client })
    .where('commandeId', commandeId)
    .whereNull('annuleeLe')
    .preload('reserves')
    .first()
}

export async function receptionView(reception: Reception | null): Promise<ReceptionView | null> {
  if (!reception) return null
  const userIds = [reception.technicienId, ...reception.reserves.map((r) => r.leveePar)].filter(
    (id): id is number => typeof id === 'number'
  )
  const users = userIds.length ? await User.query().whereIn('id', userIds) : []
  const name = (id: number | null) => users.find((u) => u.id === id)?.name ?? null
  return {
    id: reception.id,
    date_reception: reception.dateReception.toISODate()!,
    signataire: reception.signataire,
    lieu: reception.lieu,
    technicien: name(reception.technicienId),
    observations: reception.observations,
    avec_reserves: reception.avecReserves,
    signee_le: reception.signeeLe.toISO()!,
    lock_version: reception.lockVersion,
    pdf_url: reception.fichierId
      ? urlFor('esi.commandes.reception.pdf', { id: reception.commandeId })
      : null,
    reserves: reception.reserves.map((r) => ({
      id: r.id,
      position: r.position,
      description: r.description,
      levee_le: r.leveeLe?.toISO() ?? null,
      levee_par: r.leveeLe ? (name(r.leveePar) ?? '—') : null,
      commentaire: r.commentaire,
      photo: r.photoFichierId
        ? (() => {
            const url = urlFor('esi.commandes.fichiers.show', {
              id: reception.commandeId,
              fichier: r.photoFichierId,
            })
            return { url, vignette: `${url}?vignette=1` }
          })()
        : null,
    })),
    reserves_ouvertes: reception.reserves.filter((r) => !r.leveeLe).length,
  }
}

/** The stored PV PDF of the commande's active réception (null: none). */
export async function receptionPdfFile(commandeId: number) {
  const reception = await activeReception(db.connection(), commandeId)
  if (!reception?.fichierId) return null
  const row = await CommandeFichier.find(reception.fichierId)
  return row ? fichierStored(row) : null
}
