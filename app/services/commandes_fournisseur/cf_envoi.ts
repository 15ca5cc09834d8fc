// Supplier orders sent (numbered CF-, mailed after the commit), singly or in bulk; confirmed.
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { nextNumero } from '#services/documents/numbering'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import { historique, lockEtape } from '#services/commandes/etapes'
import { dispatchMail, type Delivery } from '#services/events'
import { AppException, NotFoundException, TransitionException } from '#exceptions/http_exceptions'
import { formatEuros } from '#shared/totals'
import { commandeFournisseurMail } from '#services/commandes_fournisseur/cf_mail'
import { checkLock, label, lockCf } from '#services/commandes_fournisseur/cf_guards'
import { syncEtapes } from '#services/commandes_fournisseur/cf_service'

type Trx = TransactionClientContract

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
