/*
 * Issue 12 §1: the esi/commande/Show timeline's props — each step with its statut, owner,
 * planned and actual dates, notes, the gate's reason (shared gateReason), its page, its history;
 * whether the customer may still withdraw and what is engaged with suppliers before a
 * cancellation. Opening the page brings the automatic steps up to date first.
 */
import db from '@adonisjs/lucid/services/db'
import type Commande from '#models/commande'
import type User from '#models/user'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import { refreshAutoEtapes } from '#services/commandes/etapes_auto'
import { engagementsFournisseur } from '#services/commandes/commande_annulation'
import CommandePolicy from '#policies/commande_policy'
import { ETAPES, gateReason, type EtapeStatut } from '#shared/commande_etapes'
import {
  etapeEnRetard,
  etapeLien,
  retractationRefusee,
  type CommandeTimeline,
  type TimelineEtape,
  type TimelineHistorique,
} from '#shared/commande_timeline'
import { isoDateInBrussels } from '#shared/dates'

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)
const day = (v: unknown) => (v ? isoDateInBrussels(v as Date) : null)

export async function commandeTimeline(
  commande: Commande,
  user: User | null,
  // The archive reads a finished file as it stands: no write behind a GET (decision 522)
  options: { refresh?: boolean } = {}
) {
  if (options.refresh !== false) {
    await db.transaction((trx) => refreshAutoEtapes(trx, commande.id))
    await commande.refresh()
  }
  const facts = await commandeGateFacts(db.connection(), commande.id)
  const [rows, histo, users, engagements] = await Promise.all([
    db
      .from('commande_etapes as e')
      .leftJoin('users as u', 'u.id', 'e.responsable_id')
      .where('e.commande_id', commande.id)
      .orderBy('e.position')
      .select('e.*', 'u.name as responsable'),
    db
      .from('commande_etape_historique as h')
      .leftJoin('users as u', 'u.id', 'h.user_id')
      .where('h.commande_id', commande.id)
      .orderBy('h.id', 'desc')
      .limit(500)
      .select('h.*', 'u.name as par'),
    db.from('users').where('role', 'esi').orderBy('name').select('id', 'name'),
    engagementsFournisseur(db.connection(), commande.id),
  ])
  const histoRow = (h: any): TimelineHistorique => ({
    id: Number(h.id),
    action: h.action,
    de: h.de,
    vers: h.vers,
    detail: h.detail,
    par: h.par ?? null,
    le: iso(h.created_at)!,
  })
  const today = facts.today!
  const etapes: TimelineEtape[] = ETAPES.map((etape) => {
    const r = rows.find((x) => x.etape === etape)!
    const etat = { etape, statut: r.statut as EtapeStatut, prevue_fin: day(r.prevue_fin) }
    return {
      etape,
      statut: r.statut,
      responsable_id: r.responsable_id,
      responsable: r.responsable ?? null,
      prevue_debut: day(r.prevue_debut),
      prevue_fin: day(r.prevue_fin),
      debut_reel: iso(r.debut_reel),
      fin_reelle: iso(r.fin_reelle),
      notes: r.notes,
      motif_blocage: r.motif_blocage,
      lock_version: r.lock_version,
      gate: gateReason(etape, facts),
      en_retard: !facts.annulee && etapeEnRetard(etat, today),
      lien: etapeLien(etape, commande.id),
      historique: histo.filter((h) => h.etape === etape).map(histoRow),
    }
  })
  const raison = retractationRefusee({
    annulee: facts.annulee ?? false,
    finRetractation: facts.finRetractation ?? null,
    renonciation: facts.renonciation ?? false,
    today,
  })
  const timeline: CommandeTimeline = {
    lock_version: commande.lockVersion,
    motif_annulation: commande.motifAnnulation,
    annulee_le: commande.annuleeLe?.toISO() ?? null,
    retractation_recue_le: commande.retractationRecueLe?.toISODate() ?? null,
    etapes,
    historique: histo.filter((h) => h.etape === null).map(histoRow),
    retractation: { possible: raison === null, raison, fin: facts.finRetractation ?? null },
    engagements,
    responsables: users.map((u) => ({ id: u.id, nom: u.name })),
    peut_forcer_solde: new CommandePolicy().forceSolde(user) === 'allow',
    today,
  }
  return timeline
}
