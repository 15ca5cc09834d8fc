/*
 * Issue 12 §3–4: supplier orders and their receipts — every write (decisions 350–358).
 * - « Préparer » reads the validated measurement sheet and makes one draft per supplier (the
 *   product's fournisseur), behind the approvisionnement gate; rows without a supplier are
 *   reported, not ordered; run twice it adds nothing (the commande row is locked, rows already
 *   on a live order are skipped, one draft per supplier by a partial unique index).
 * - « Envoyer » numbers the draft CF-YYYY-NNNNN in the sending transaction (gapless) and mails
 *   the PDF after the commit; « Confirmer » records the supplier's delivery date.
 * - A receipt records what arrived per line (shared/commandes_fournisseur.ts applyReception).
 * - The approvisionnement and fourniture steps follow the orders (setEtapeStatut, the contract).
 * - stopCommandesFournisseur is the hook of a cancelled or withdrawn commande.
 */
import { refuseSiTerminee } from '#services/commandes/commande_terminee'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { nextNumero, today } from '#services/documents/numbering'
import { assertEtapeGate, historique, lockEtape, setEtapeStatut } from '#services/commandes/etapes'
import { dispatchMail, type Delivery } from '#services/events'
import {
  AppException,
  ConflictException,
  NotFoundException,
  TransitionException,
} from '#exceptions/http_exceptions'
import {
  applyReception,
  approvisionnementStatut,
  fournitureStatut,
  fromMilli,
  ligneTotal,
  mesureDesignation,
  statutApresReception,
  toMilli,
  type CfStatut,
  type LivraisonEtat,
} from '#shared/commandes_fournisseur'
import { formatEuros } from '#shared/totals'
import { commandeFournisseurMail } from '#services/commandes_fournisseur/cf_mail'

type Trx = TransactionClientContract

export type CfHeadRow = {
  id: number
  numero: string | null
  commande_id: number
  fournisseur_id: number
  statut: CfStatut
  total_ht: string | number
  date_livraison_confirmee: string | Date | null
  lock_version: number
}

/** The order row, locked FOR UPDATE until the transaction ends; 404 when unknown. */
export async function lockCf(trx: Trx, id: number): Promise<CfHeadRow> {
  const row = await trx.from('commandes_fournisseur').where('id', id).forUpdate().first()
  if (!row) throw new NotFoundException()
  const commande = await trx.from('commandes').where('id', row.commande_id).select('statut').first()
  refuseSiTerminee(commande?.statut)
  return row
}

function checkLock(row: CfHeadRow, expected: number | undefined) {
  if (expected === undefined || row.lock_version === expected) return
  throw new ConflictException(
    `La commande fournisseur ${row.numero ?? '(brouillon)'} a été modifiée depuis que vous l’avez ouverte : rechargez la page.`
  )
}

function label(row: { numero: string | null }) {
  return row.numero
    ? `La commande fournisseur ${row.numero}`
    : 'Ce brouillon de commande fournisseur'
}

async function recomputeTotal(trx: Trx, cfId: number) {
  await trx.rawQuery(
    `UPDATE commandes_fournisseur SET total_ht = coalesce(
       (SELECT sum(total) FROM commande_fournisseur_lignes WHERE commande_fournisseur_id = ?), 0),
       updated_at = now() WHERE id = ?`,
    [cfId, cfId]
  )
}

// ── Préparer ─────────────────────────────────────────────────────────────────────────────────

export type SansFournisseur = { mesure_ligne_id: number; designation: string; quantite: string }

/** The measured rows not yet on a live order, with their product's supplier and price. */
export async function rowsToOrder(client: Trx | typeof db, commandeId: number) {
  const rows = await client
    .from('mesure_lignes as ml')
    .join('mesures as m', 'm.id', 'ml.mesure_id')
    .leftJoin('bdc_lignes as bl', 'bl.id', 'ml.bdc_ligne_id')
    .leftJoin('produits as p', 'p.id', 'bl.produit_id')
    .leftJoin('societes as s', (j) => {
      j.on('s.id', 'p.fournisseur_id').andOnVal('s.type', 'fournisseur')
    })
    .where('m.commande_id', commandeId)
    .where('m.statut', 'validee')
    .whereNotExists((q) => {
      q.from('commande_fournisseur_lignes as l')
        .join('commandes_fournisseur as cf', 'cf.id', 'l.commande_fournisseur_id')
        .whereRaw('l.mesure_ligne_id = ml.id')
        .whereNot('cf.statut', 'annulee')
    })
    .orderBy('ml.position')
    .orderBy('ml.id')
    .select(
      'ml.id',
      'ml.repere',
      'ml.designation',
      'ml.largeur_mm',
      'ml.hauteur_mm',
      'ml.couleur',
      'ml.sens_ouverture',
      'ml.vitrage',
      'ml.quantite',
      'bl.designation as bdc_designation',
      'p.id as produit_id',
      'p.reference',
      'p.libelle',
      'p.unite',
      'p.prix_achat',
      's.id as fournisseur_id'
    )
  return rows.map((r) => ({
    mesure_ligne_id: Number(r.id),
    produit_id: r.produit_id as number | null,
    reference: r.reference as string | null,
    unite: r.unite as string | null,
    fournisseur_id: (r.fournisseur_id as number | null) ?? null,
    prix_achat: Number(r.prix_achat ?? 0),
    quantite: String(r.quantite),
    designation: mesureDesignation(
      (r.libelle as string | null) ?? (r.designation || r.bdc_designation || ''),
      r
    ),
  }))
}

/**
 * « Préparer les commandes fournisseur »: one draft per supplier from the validated sheet.
 * Refused (422, the gate's reason) while the approvisionnement gate is closed.
 */
export async function prepareCommandesFournisseur(actor: Actor, commandeId: number) {
  return db.transaction(async (trx) => {
    const commande = await trx.from('commandes').where('id', commandeId).forUpdate().first()
    if (!commande) throw new NotFoundException()
    refuseSiTerminee(commande.statut)
    await assertEtapeGate(trx, commandeId, 'approvisionnement')
    const mesure = await trx.from('mesures').where('commande_id', commandeId).first()
    if (!mesure || mesure.statut !== 'validee') {
      throw new TransitionException('La fiche de mesurage de cette commande n’est pas validée.')
    }
    const bdc = await trx.from('bdcs').where('id', commande.bdc_id).first()
    const rows = await rowsToOrder(trx, commandeId)
    const sansFournisseur: SansFournisseur[] = rows
      .filter((r) => r.fournisseur_id === null)
      .map((r) => ({
        mesure_ligne_id: r.mesure_ligne_id,
        designation: r.designation,
        quantite: r.quantite,
      }))
    const groups = new Map<number, typeof rows>()
    for (const r of rows) {
      if (r.fournisseur_id === null) continue
      groups.set(r.fournisseur_id, [...(groups.get(r.fournisseur_id) ?? []), r])
    }
    const created: number[] = []
    let lignes = 0
    for (const [fournisseurId, group] of groups) {
      let draft = await trx
        .from('commandes_fournisseur')
        .where({ commande_id: commandeId, fournisseur_id: fournisseurId, statut: 'brouillon' })
        .forUpdate()
        .first()
      if (!draft) {
        ;[draft] = await trx
          .table('commandes_fournisseur')
          .insert({
            commande_id: commandeId,
            fournisseur_id: fournisseurId,
            statut: 'brouillon',
            adresse_livraison: bdc?.adresse_chantier ?? null,
            created_by: actor.user?.id ?? null,
          })
          .returning('*')
        created.push(draft.id)
      }
      const last = await trx
        .from('commande_fournisseur_lignes')
        .where('commande_fournisseur_id', draft.id)
        .max('position as p')
        .first()
      let position = Number(last?.p ?? 0)
      await trx.table('commande_fournisseur_lignes').insert(
        group.map((r) => ({
          commande_fournisseur_id: draft.id,
          position: ++position,
          mesure_ligne_id: r.mesure_ligne_id,
          produit_id: r.produit_id,
          reference: r.reference,
          designation: r.designation,
          unite: r.unite,
          quantite: r.quantite,
          prix_achat: r.prix_achat,
          total: ligneTotal(r.quantite, r.prix_achat),
        }))
      )
      lignes += group.length
      await recomputeTotal(trx, draft.id)
    }
    if (lignes) {
      await historique(trx, {
        commandeId,
        etape: 'approvisionnement',
        userId: actor.user?.id ?? null,
        action: 'preparation',
        detail: `${lignes} ligne(s) en ${groups.size} commande(s) fournisseur`,
      })
      await audit(
        actor,
        {
          action: 'commande_fournisseur.preparee',
          subjectType: 'commande',
          subjectId: commandeId,
          after: { brouillons: created, lignes },
        },
        trx
      )
    }
    return { created: created.length, lignes, fournisseurs: groups.size, sansFournisseur }
  })
}

// ── Brouillon ────────────────────────────────────────────────────────────────────────────────

export type BrouillonInput = {
  lockVersion: number
  remarques: string | null
  lignes: { id: number; quantite: string | number; prix_achat: number }[]
}

/** A draft's quantities, purchase prices and remarks (only a draft changes). */
export async function updateBrouillon(actor: Actor, cfId: number, input: BrouillonInput) {
  return db.transaction(async (trx) => {
    const cf = await lockCf(trx, cfId)
    checkLock(cf, input.lockVersion)
    if (cf.statut !== 'brouillon') {
      throw new TransitionException(`${label(cf)} est envoyée : elle ne se modifie plus.`)
    }
    const rows = await trx
      .from('commande_fournisseur_lignes')
      .where('commande_fournisseur_id', cfId)
      .select('id')
    const ids = new Set(rows.map((r) => Number(r.id)))
    for (const l of input.lignes) {
      if (!ids.has(l.id)) {
        throw new TransitionException('Une ligne modifiée n’appartient pas à ce brouillon.')
      }
      await trx
        .from('commande_fournisseur_lignes')
        .where('id', l.id)
        .update({
          quantite: fromMilli(toMilli(l.quantite)),
          prix_achat: l.prix_achat,
          total: ligneTotal(l.quantite, l.prix_achat),
        })
    }
    await trx
      .from('commandes_fournisseur')
      .where('id', cfId)
      .update({ remarques: input.remarques, lock_version: cf.lock_version + 1 })
    await recomputeTotal(trx, cfId)
    await audit(
      actor,
      {
        action: 'commande_fournisseur.modifiee',
        subjectType: 'commande_fournisseur',
        subjectId: cfId,
        after: { lignes: input.lignes },
      },
      trx
    )
  })
}

/** A draft removed (its rows go back to « à commander »). */
export async function deleteBrouillon(actor: Actor, cfId: number, lockVersion: number) {
  return db.transaction(async (trx) => {
    const cf = await lockCf(trx, cfId)
    checkLock(cf, lockVersion)
    if (cf.statut !== 'brouillon') {
      throw new TransitionException(`${label(cf)} est envoyée : elle ne se supprime pas.`)
    }
    await trx.from('commandes_fournisseur').where('id', cfId).delete()
    await audit(
      actor,
      {
        action: 'commande_fournisseur.supprimee',
        subjectType: 'commande',
        subjectId: cf.commande_id,
        before: { id: cfId, fournisseur_id: cf.fournisseur_id },
      },
      trx
    )
    return cf
  })
}

// ── Steps ────────────────────────────────────────────────────────────────────────────────────

/** approvisionnement and fourniture follow the commande's orders (the contract of issue 12). */
export async function syncEtapes(trx: Trx, actor: Actor | null, commandeId: number) {
  const cfs = await trx
    .from('commandes_fournisseur')
    .where('commande_id', commandeId)
    .select('statut')
  const statuts = cfs.map((r) => r.statut as CfStatut)
  const receipt = await trx.from('livraisons').where('commande_id', commandeId).first()
  const appro = approvisionnementStatut(statuts)
  const fourn = fournitureStatut(statuts, Boolean(receipt))
  const steps = await trx
    .from('commande_etapes')
    .where('commande_id', commandeId)
    .whereIn('etape', ['approvisionnement', 'fourniture'])
    .select('etape', 'statut')
  const etapes = Object.fromEntries(steps.map((r) => [r.etape, r.statut]))
  // A step set by hand (planifiée, bloquée, sans objet) moves only when the orders say more
  const moves: ['approvisionnement' | 'fourniture', string, string][] = [
    ['approvisionnement', etapes.approvisionnement, appro],
    ['fourniture', etapes.fourniture, fourn],
  ]
  let fournitureFaite = false
  for (const [etape, from, to] of moves) {
    if (from === to || to === 'a_faire') continue
    if (etape === 'fourniture' && to === 'faite') fournitureFaite = true
    await setEtapeStatut(trx, actor, commandeId, etape, to as 'en_cours' | 'faite')
  }
  return { fournitureFaite }
}

// ── Envoyer ──────────────────────────────────────────────────────────────────────────────────

/**
 * Numbers and sends one draft (in the caller's transaction): refused when not a draft, empty,
 * the supplier has no e-mail, or the approvisionnement gate has closed since (a cancelled
 * commande). The mail leaves after the commit.
 */
export async function sendInTransaction(
  trx: Trx,
  actor: Actor,
  user: User,
  cfId: number,
  lockVersion?: number,
  options: { mail?: boolean } = {}
): Promise<{ numero: string; email: string; delivery: Delivery }> {
  const cf = await lockCf(trx, cfId)
  checkLock(cf, lockVersion)
  if (cf.statut !== 'brouillon') {
    throw new TransitionException(`${label(cf)} est déjà envoyée.`)
  }
  const count = await trx
    .from('commande_fournisseur_lignes')
    .where('commande_fournisseur_id', cfId)
    .count('* as n')
    .first()
  if (!Number(count?.n)) {
    throw new TransitionException('Ce brouillon n’a aucune ligne : rien à commander.')
  }
  const fournisseur = await trx.from('societes').where('id', cf.fournisseur_id).first()
  const email = fournisseur?.email?.trim()
  if (!email) {
    throw new TransitionException(
      `Le fournisseur ${fournisseur?.nom ?? ''} n’a pas d’adresse e-mail : ajoutez-la sur sa fiche avant d’envoyer la commande.`
    )
  }
  await assertEtapeGate(trx, cf.commande_id, 'approvisionnement')
  // The step row first, then the counter: every sender takes the locks in the same order
  await lockEtape(trx, cf.commande_id, 'approvisionnement')
  const numero = await nextNumero(trx, 'commande_fournisseur')
  await trx
    .from('commandes_fournisseur')
    .where('id', cfId)
    .update({
      numero,
      statut: 'envoyee',
      envoyee_le: new Date(),
      envoyee_par: user.id,
      envoyee_a: email,
      lock_version: cf.lock_version + 1,
      updated_at: new Date(),
    })
  await historique(trx, {
    commandeId: cf.commande_id,
    etape: 'approvisionnement',
    userId: user.id,
    action: 'commande_fournisseur',
    de: 'brouillon',
    vers: 'envoyee',
    detail: `${numero} envoyée à ${fournisseur.nom} (${email}), ${formatEuros(Number(cf.total_ht))} HT`,
  })
  await audit(
    actor,
    {
      action: 'commande_fournisseur.envoyee',
      subjectType: 'commande_fournisseur',
      subjectId: cfId,
      after: { numero, to: email },
    },
    trx
  )
  await syncEtapes(trx, actor, cf.commande_id)
  // The demo data records sent orders without mailing the demo suppliers
  const delivery =
    options.mail === false
      ? { sent: null }
      : await dispatchMail(trx, () => commandeFournisseurMail(cfId, user))
  return { numero, email, delivery }
}

export async function sendCommandeFournisseur(
  actor: Actor,
  user: User,
  cfId: number,
  lockVersion?: number
) {
  return db.transaction((trx) => sendInTransaction(trx, actor, user, cfId, lockVersion))
}

/**
 * The bulk action of the production list: each selected draft in its own transaction (one
 * refused does not stop the others); what left and what failed, in French.
 */
export async function sendBatch(actor: Actor, user: User, ids: number[]) {
  const envoyees: { id: number; numero: string; email: string; mail: boolean | null }[] = []
  const echecs: { id: number; message: string }[] = []
  for (const id of [...new Set(ids)]) {
    try {
      const r = await sendCommandeFournisseur(actor, user, id)
      envoyees.push({ id, numero: r.numero, email: r.email, mail: r.delivery.sent })
    } catch (error) {
      const message =
        error instanceof NotFoundException
          ? 'introuvable'
          : error instanceof AppException
            ? error.message
            : 'erreur inattendue'
      if (!(error instanceof AppException)) throw error
      echecs.push({ id, message })
    }
  }
  return { envoyees, echecs }
}

// ── Confirmer ────────────────────────────────────────────────────────────────────────────────

export async function confirmCommandeFournisseur(
  actor: Actor,
  cfId: number,
  input: { lockVersion: number; dateLivraison: string }
) {
  return db.transaction(async (trx) => {
    const cf = await lockCf(trx, cfId)
    checkLock(cf, input.lockVersion)
    if (!['envoyee', 'confirmee', 'recue_partiellement'].includes(cf.statut)) {
      throw new TransitionException(
        cf.statut === 'brouillon'
          ? 'Envoyez d’abord la commande au fournisseur : un brouillon ne se confirme pas.'
          : `${label(cf)} est ${cf.statut === 'recue' ? 'reçue' : 'annulée'} : elle ne se confirme plus.`
      )
    }
    const before = cf.statut
    await trx
      .from('commandes_fournisseur')
      .where('id', cfId)
      .update({
        statut: cf.statut === 'envoyee' ? 'confirmee' : cf.statut,
        date_livraison_confirmee: input.dateLivraison,
        // A new date: its lateness will be told again (decision 363)
        retard_notifie_le: null,
        confirmee_le: new Date(),
        lock_version: cf.lock_version + 1,
        updated_at: new Date(),
      })
    await historique(trx, {
      commandeId: cf.commande_id,
      etape: 'approvisionnement',
      userId: actor.user?.id ?? null,
      action: 'commande_fournisseur',
      de: before,
      vers: before === 'envoyee' ? 'confirmee' : before,
      detail: `${cf.numero} : livraison confirmée pour le ${DateTime.fromISO(input.dateLivraison).toFormat('dd/LL/yyyy')}`,
    })
    await audit(
      actor,
      {
        action: 'commande_fournisseur.confirmee',
        subjectType: 'commande_fournisseur',
        subjectId: cfId,
        after: { date_livraison_confirmee: input.dateLivraison },
      },
      trx
    )
    await syncEtapes(trx, actor, cf.commande_id)
  })
}

// ── Réception ────────────────────────────────────────────────────────────────────────────────

export type ReceptionInput = {
  date: string
  bonLivraison: string | null
  remarques: string | null
  lignes: {
    ligne_id: number
    quantite: string | number
    etat: LivraisonEtat
    remarque: string | null
    fichier_id: number | null
  }[]
}

/** One delivery of one order: per line, what arrived and in what state. */
export async function receiveLivraison(actor: Actor, cfId: number, input: ReceptionInput) {
  return db.transaction(async (trx) => {
    const cf = await lockCf(trx, cfId)
    if (cf.statut === 'brouillon' || cf.statut === 'annulee') {
      throw new TransitionException(
        cf.statut === 'brouillon'
          ? 'Cette commande fournisseur n’est pas encore envoyée : rien n’est attendu.'
          : `${label(cf)} est annulée : rien n’est attendu.`
      )
    }
    await assertEtapeGate(trx, cf.commande_id, 'fourniture')
    const lignes = await trx
      .from('commande_fournisseur_lignes')
      .where('commande_fournisseur_id', cfId)
      .orderBy('position')
      .forUpdate()
    const { recues, errors } = applyReception(
      lignes.map((l) => ({
        id: Number(l.id),
        position: l.position,
        quantite: String(l.quantite),
        quantite_recue: String(l.quantite_recue),
      })),
      input.lignes
    )
    // A photo must be one of this commande's files
    const fichierIds = input.lignes.map((l) => l.fichier_id).filter((id): id is number => !!id)
    if (fichierIds.length) {
      const ok = await trx
        .from('commande_fichiers')
        .whereIn('id', fichierIds)
        .where('commande_id', cf.commande_id)
        .count('* as n')
        .first()
      if (Number(ok?.n) !== new Set(fichierIds).size) {
        errors.push('Une photo jointe n’appartient pas à cette commande.')
      }
    }
    for (const l of input.lignes) {
      if (l.etat !== 'ok' && !l.remarque?.trim() && !l.fichier_id) {
        const position = lignes.find((x) => Number(x.id) === l.ligne_id)?.position ?? '?'
        errors.push(
          `Ligne ${position} : décrivez le problème (remarque ou photo) pour une ligne ${l.etat === 'manquant' ? 'manquante' : 'endommagée'}.`
        )
      }
    }
    if (errors.length) throw new TransitionException(errors.join(' '))

    const [livraison] = await trx
      .table('livraisons')
      .insert({
        commande_fournisseur_id: cfId,
        commande_id: cf.commande_id,
        date_livraison: input.date,
        bon_livraison: input.bonLivraison,
        remarques: input.remarques,
        recue_par: actor.user?.id ?? null,
      })
      .returning('*')
    await trx.table('livraison_lignes').insert(
      input.lignes.map((l) => ({
        livraison_id: livraison.id,
        commande_fournisseur_ligne_id: l.ligne_id,
        quantite: fromMilli(toMilli(l.quantite)),
        etat: l.etat,
        remarque: l.remarque,
        fichier_id: l.fichier_id,
      }))
    )
    for (const l of lignes) {
      const next = recues.get(Number(l.id))!
      if (next !== toMilli(l.quantite_recue)) {
        await trx
          .from('commande_fournisseur_lignes')
          .where('id', l.id)
          .update({ quantite_recue: fromMilli(next) })
      }
    }
    const after = lignes.map((l) => ({
      quantite: l.quantite,
      quantite_recue: fromMilli(recues.get(Number(l.id))!),
    }))
    const confirmee = cf.date_livraison_confirmee
      ? DateTime.fromJSDate(new Date(cf.date_livraison_confirmee)).toISODate()
      : null
    const statut = statutApresReception(cf.statut, after, confirmee)
    await trx
      .from('commandes_fournisseur')
      .where('id', cfId)
      .update({
        statut,
        recue_le: statut === 'recue' ? new Date() : null,
        lock_version: cf.lock_version + 1,
        updated_at: new Date(),
      })
    const problemes = input.lignes.filter((l) => l.etat !== 'ok').length
    await historique(trx, {
      commandeId: cf.commande_id,
      etape: 'fourniture',
      userId: actor.user?.id ?? null,
      action: 'livraison',
      de: cf.statut,
      vers: statut,
      detail:
        `${cf.numero} : livraison du ${DateTime.fromISO(input.date).toFormat('dd/LL/yyyy')}` +
        (input.bonLivraison ? ` (BL ${input.bonLivraison})` : '') +
        (problemes ? `, ${problemes} ligne(s) endommagée(s) ou manquante(s)` : ''),
    })
    await audit(
      actor,
      {
        action: 'commande_fournisseur.livraison',
        subjectType: 'commande_fournisseur',
        subjectId: cfId,
        after: { livraison: livraison.id, statut, lignes: input.lignes },
      },
      trx
    )
    // fourniture « faite » tells the chef de projet that the pose may be planned (setEtapeStatut)
    const { fournitureFaite } = await syncEtapes(trx, actor, cf.commande_id)
    return { livraisonId: livraison.id as number, statut, fournitureFaite }
  })
}

// ── Annulation de la commande (hook) ─────────────────────────────────────────────────────────

export type CommandeFournisseurStoppee = {
  id: number
  numero: string
  fournisseur: string
  total_ht: number
  statut_avant: CfStatut
}

/**
 * The hook of a cancelled or withdrawn commande (called by the cancellation flow in the same
 * transaction): drafts are cancelled, sent orders not yet wholly received are marked « annulée »
 * (a history row each: the supplier must be told — the list returned says which); orders
 * already received stay. Returns what had been sent (numero, supplier, total), received ones
 * included, for the confirmation message.
 */
export async function stopCommandesFournisseur(
  trx: Trx,
  commandeId: number,
  motif: string,
  actor: Actor | null = null
): Promise<CommandeFournisseurStoppee[]> {
  const rows = await trx
    .from('commandes_fournisseur as cf')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .where('cf.commande_id', commandeId)
    .whereNot('cf.statut', 'annulee')
    .orderBy('cf.id')
    .forUpdate()
    .select('cf.id', 'cf.numero', 'cf.statut', 'cf.total_ht', 'cf.lock_version', 's.nom')
  const sent: CommandeFournisseurStoppee[] = []
  for (const r of rows) {
    if (r.statut !== 'brouillon') {
      sent.push({
        id: r.id,
        numero: r.numero,
        fournisseur: r.nom,
        total_ht: Number(r.total_ht),
        statut_avant: r.statut,
      })
    }
    if (r.statut === 'recue') continue
    await trx
      .from('commandes_fournisseur')
      .where('id', r.id)
      .update({
        statut: 'annulee',
        annulee_le: new Date(),
        motif_annulation: motif,
        lock_version: r.lock_version + 1,
        updated_at: new Date(),
      })
    await historique(trx, {
      commandeId,
      etape: 'approvisionnement',
      userId: actor?.user?.id ?? null,
      action: 'commande_fournisseur',
      de: r.statut,
      vers: 'annulee',
      detail:
        r.statut === 'brouillon'
          ? `Brouillon pour ${r.nom} annulé : ${motif}`
          : `${r.numero} (${r.nom}) annulée : ${motif} — prévenir le fournisseur`,
    })
  }
  if (rows.length) {
    await audit(
      actor,
      {
        action: 'commande_fournisseur.stoppees',
        subjectType: 'commande',
        subjectId: commandeId,
        after: { motif, envoyees: sent.map((s) => s.numero) },
      },
      trx
    )
  }
  return sent
}

/** Today in Brussels, for the late markers. */
export function todayIsoDate(): string {
  return today().toISODate()!
}
