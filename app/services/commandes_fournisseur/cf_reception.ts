// A supplier delivery received: per line what arrived and in what state; the order's statut.
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import { historique } from '#services/commandes/etapes'
import { TransitionException } from '#exceptions/http_exceptions'
import {
  applyReception,
  fromMilli,
  statutApresReception,
  toMilli,
  type LivraisonEtat,
} from '#shared/commandes_fournisseur'
import { label, lockCf } from '#services/commandes_fournisseur/cf_guards'
import { syncEtapes } from '#services/commandes_fournisseur/cf_service'

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
