/*
 * Issue 12 §5: the pose and its procès-verbal de réception (decisions 370–377).
 *
 * - « Commencer la pose »: the pose step's gate (shared/commande_etapes.ts: every supplier line
 *   received) checked on the server, then the step goes en_cours.
 * - Signing the PV (on the technician's device): same gate; one active PV per commande; the
 *   signature is stored, the PDF made and attached to the commande (commande_fichiers document of
 *   the pose step); the step goes « faite » when there is no reserve, else stays « en_cours »
 *   with the reason in its history; the chef de projet is notified after the commit.
 * - A signed PV is never edited: only its reserves are lifted, one by one (date, by whom,
 *   comment); lifting the last one puts the step to « faite ».
 */
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Commande from '#models/commande'
import Client from '#models/client'
import Bdc from '#models/bdc'
import User from '#models/user'
import CommandeEtape from '#models/commande_etape'
import Reception from '#models/reception'
import ReceptionReserve from '#models/reception_reserve'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { assertEtapeGate, commandeGateFacts } from '#services/commandes/etape_gates'
import { historique, lockEtape, setEtapeStatut } from '#services/commandes/etapes'
import { gateReason } from '#shared/commande_etapes'
import { todayIso } from '#shared/dates'
import {
  RECEPTION_MESSAGES,
  geoUri,
  navigationUrl,
  type PoseCommande,
  type PoseEtape,
  type PoseLigne,
  type PosePhoto,
  type ReceptionView,
} from '#shared/receptions'
import { readBytes, storedFile } from '#services/storage/files'
import { receptionPdf } from '#services/pdf/reception_pdf'
import { fichierStored, storeCommandeDocument } from '#services/commandes/commande_fichiers'
import CommandeFichier from '#models/commande_fichier'

type Reader = Parameters<typeof commandeGateFacts>[0]

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

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

// ── Commencer la pose ────────────────────────────────────────────────────────────────────────

/** Starts the pose: 422 with the gate's reason while goods are missing. No-op when started. */
export async function commencerPose(
  actor: Actor,
  commandeId: number
): Promise<'started' | 'already'> {
  return db.transaction(async (trx) => {
    const etape = await lockEtape(trx, commandeId, 'pose')
    const head = await trx.from('commandes').where('id', commandeId).select('statut').first()
    refuseSiTerminee(head?.statut)
    if (etape.statut === 'faite') throw new TransitionException(RECEPTION_MESSAGES.poseFaite)
    if (etape.statut === 'en_cours') return 'already'
    await assertEtapeGate(trx, commandeId, 'pose')
    await setEtapeStatut(trx, actor, commandeId, 'pose', 'en_cours', 'Pose commencée')
    return 'started'
  })
}

// ── Signing the PV ───────────────────────────────────────────────────────────────────────────

export type SignerReceptionInput = {
  commandeId: number
  signataire: string
  lieu: string | null
  observations: string | null
  reserves: string[]
  /** Stored name of the drawn signature (FILE_KINDS.signature), stored by the caller. */
  signaturePath: string
  signature: Buffer
}

export async function signerReception(
  actor: Actor,
  input: SignerReceptionInput
): Promise<Reception> {
  const commande = await Commande.find(input.commandeId)
  if (!commande) throw new NotFoundException()
  let created: Reception | null = null
  await db.transaction(async (trx) => {
    // The step row is the lock: two devices signing at once wait for each other
    await lockEtape(trx, commande.id, 'pose')
    refuseSiTerminee(commande.statut)
    await assertEtapeGate(trx, commande.id, 'pose')
    if (await activeReception(trx, commande.id))
      throw new TransitionException(RECEPTION_MESSAGES.dejaSignee)
    const now = DateTime.now()
    const dateReception = todayIso()
    const reception = await Reception.create(
      {
        commandeId: commande.id,
        dateReception: DateTime.fromISO(dateReception),
        signataire: input.signataire,
        lieu: input.lieu,
        signaturePath: input.signaturePath,
        technicienId: actor.user?.id ?? null,
        observations: input.observations,
        avecReserves: input.reserves.length > 0,
        signeeLe: now,
        lockVersion: 1,
      },
      { client: trx }
    )
    for (const [i, description] of input.reserves.entries()) {
      await ReceptionReserve.create(
        { receptionId: reception.id, position: i + 1, description },
        { client: trx }
      )
    }

    const lignes = await poseLignes(trx, commande.id)
    const bytes = await receptionPdf({
      bdcId: commande.bdcId,
      commandeNumero: commande.numero,
      dateReception,
      lieu: input.lieu,
      signataire: input.signataire,
      technicien: actor.user?.name ?? null,
      observations: input.observations,
      signeeLe: now.toJSDate(),
      lignes,
      reserves: input.reserves.map((description) => ({ description })),
      signature: input.signature,
    })
    const fichier = await storeCommandeDocument(trx, {
      commandeId: commande.id,
      etape: 'pose',
      bytes,
      nomOriginal: `PV-reception-${commande.numero}.pdf`,
      auteurId: actor.user?.id ?? null,
    })
    reception.fichierId = fichier.id
    reception.useTransaction(trx)
    await reception.save()

    const n = input.reserves.length
    const detail = n
      ? `PV de réception signé par ${input.signataire} avec ${n} réserve${n > 1 ? 's' : ''} à lever`
      : `PV de réception signé sans réserve par ${input.signataire}`
    await historique(trx, {
      commandeId: commande.id,
      etape: 'pose',
      userId: actor.user?.id ?? null,
      action: 'reception',
      detail,
    })
    await setEtapeStatut(trx, actor, commande.id, 'pose', n ? 'en_cours' : 'faite', detail)
    await audit(
      actor,
      {
        action: 'reception.signer',
        subjectType: 'commande',
        subjectId: commande.id,
        after: { reception: reception.id, signataire: input.signataire, reserves: n },
      },
      trx
    )
    await notify(trx, {
      userIds: [commande.chefProjetId],
      exceptUserId: actor.user?.id ?? null,
      type: 'reception.signee',
      titre: `Commande ${commande.numero} : ${detail}`,
      lien: urlFor('esi.commandes.reception', { id: commande.id }),
      icon: n ? 'bi-exclamation-triangle' : 'bi-check2-circle',
    })
    created = reception
  })
  return created!
}

// ── Lifting a reserve ────────────────────────────────────────────────────────────────────────

export async function leverReserve(
  actor: Actor,
  input: { commandeId: number; reserveId: number; commentaire: string | null }
): Promise<{ restantes: number }> {
  return db.transaction(async (trx: TransactionClientContract) => {
    const reception = await Reception.query({ client: trx })
      .where('commandeId', input.commandeId)
      .whereNull('annuleeLe')
      .forUpdate()
      .first()
    if (!reception) throw new NotFoundException()
    const reserve = await ReceptionReserve.query({ client: trx })
      .where({ id: input.reserveId, receptionId: reception.id })
      .forUpdate()
      .first()
    if (!reserve) throw new NotFoundException()
    if (reserve.leveeLe) throw new TransitionException(RECEPTION_MESSAGES.dejaLevee)
    reserve.merge({
      leveeLe: DateTime.now(),
      leveePar: actor.user?.id ?? null,
      commentaire: input.commentaire,
    })
    reserve.useTransaction(trx)
    await reserve.save()
    reception.lockVersion += 1
    reception.useTransaction(trx)
    await reception.save()

    const open = await trx
      .from('reception_reserves')
      .where('reception_id', reception.id)
      .whereNull('levee_le')
      .count('* as n')
      .first()
    const restantes = Number(open?.n ?? 0)
    const detail = `Réserve n° ${reserve.position} levée${input.commentaire ? ` : ${input.commentaire}` : ''}`
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'pose',
      userId: actor.user?.id ?? null,
      action: 'reserve',
      detail: detail.slice(0, 1000),
    })
    await audit(
      actor,
      {
        action: 'reception.reserve.lever',
        subjectType: 'commande',
        subjectId: input.commandeId,
        after: { reserve: reserve.id, restantes },
      },
      trx
    )
    if (restantes === 0) {
      await setEtapeStatut(
        trx,
        actor,
        input.commandeId,
        'pose',
        'faite',
        'Toutes les réserves de la réception sont levées'
      )
    }
    return { restantes }
  })
}

// ── A reserve's photo ────────────────────────────────────────────────────────────────────────

/**
 * Links a photo of the commande (sent by the commande file service) to a reserve of its active
 * PV — the defect, or its repair; a later photo replaces the link. Allowed on a signed PV: the
 * photo is evidence, not part of the signed text.
 */
export async function attachReservePhoto(
  actor: Actor,
  input: { commandeId: number; reserveId: number; fichierId: number }
): Promise<void> {
  await db.transaction(async (trx) => {
    const reception = await activeReception(trx, input.commandeId)
    const reserve = reception?.reserves.find((r) => r.id === input.reserveId)
    if (!reception || !reserve) throw new NotFoundException()
    const photo = await trx
      .from('commande_fichiers')
      .where({ id: input.fichierId, commande_id: input.commandeId, kind: 'photo' })
      .first()
    if (!photo) throw new TransitionException(RECEPTION_MESSAGES.photoInconnue)
    await trx
      .from('reception_reserves')
      .where('id', reserve.id)
      .update({ photo_fichier_id: input.fichierId })
    await historique(trx, {
      commandeId: input.commandeId,
      etape: 'pose',
      userId: actor.user?.id ?? null,
      action: 'reserve',
      detail: `Photo jointe à la réserve n° ${reserve.position}`,
    })
  })
}

/** The stored PV PDF of the commande's active réception (null: none). */
export async function receptionPdfFile(commandeId: number) {
  const reception = await activeReception(db.connection(), commandeId)
  if (!reception?.fichierId) return null
  const row = await CommandeFichier.find(reception.fichierId)
  return row ? fichierStored(row) : null
}

/** The signature's PNG bytes (demo data and tests read it back). */
export async function receptionSignatureBytes(reception: Reception) {
  return readBytes(storedFile('signature', reception.signaturePath))
}
