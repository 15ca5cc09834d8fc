/*
 * Demo supplier orders (issue 12 §3–4): the e-mail Texte of a supplier order, an address for
 * the demo suppliers, and for the demo commandes whose approvisionnement gate is open, in this
 * order: one partly received with a damaged line, one confirmed and late, drafts waiting to be
 * sent, sent and not confirmed, one waiting to be prepared…; the finished ones wholly received.
 * Runs after the demo modules that make commandes and their measurement sheets.
 * Through the real services (the sending without mail); dates moved back afterwards.
 * When no demo commande has a validated measurement sheet yet (the mesurage demo absent), the
 * sheet of a few gate-open commandes is validated here from their bdc lines.
 */
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Texte from '#models/texte'
import type { DemoBase } from '#database/demo/index'
import { systemActor } from '#services/actor'
import { commandeGateFacts, setEtapeStatut } from '#services/commandes/etapes'
import {
  confirmCommandeFournisseur,
  prepareCommandesFournisseur,
  receiveLivraison,
  sendInTransaction,
} from '#services/commandes_fournisseur/cf_service'
import { CF_TEXTE_CATEGORIE, CF_TEXTE_CODE } from '#services/commandes_fournisseur/cf_mail'
import { gateReason } from '#shared/commande_etapes'
import { TIME_ZONE } from '#shared/app'

const TEXTE = `Bonjour,

Veuillez trouver ci-jointe notre commande {{commande_fournisseur.numero}} du {{commande_fournisseur.date}}, d’un montant de {{commande_fournisseur.montant_ht}} HT (notre référence {{commande.numero}}).

Les dimensions indiquées sont celles mesurées sur chantier. Livraison : {{commande_fournisseur.livraison}}.

Merci de nous confirmer la date de livraison par retour et de reprendre notre numéro de commande sur le bon de livraison.

Bien cordialement,

{{user.nom}}
{{societe.nom}} — {{societe.telephone}}`

const SENS = ['oscillo-battant gauche', 'oscillo-battant droite', 'fixe', 'coulissant']

function slug(nom: string) {
  return nom
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The sheet of a commande validated from its bdc's product lines (demo fallback). */
async function validateSheet(trx: TransactionClientContract, commandeId: number, n: number) {
  const commande = await trx.from('commandes').where('id', commandeId).first()
  const lignes = await trx
    .from('bdc_lignes')
    .where({ bdc_id: commande.bdc_id, type: 'produit' })
    .orderBy('position')
  if (!lignes.length) return false
  const [mesure] = await trx
    .table('mesures')
    .insert({
      commande_id: commandeId,
      statut: 'validee',
      tolerance_mm: 10,
      validee_le: new Date(),
    })
    .returning('*')
  await trx.table('mesure_lignes').insert(
    lignes.map((l, i) => ({
      mesure_id: mesure.id,
      bdc_ligne_id: l.id,
      client_uuid: randomUUID(),
      position: i + 1,
      repere: ['Cuisine', 'Salon', 'Chambre 1', 'Chambre 2', 'Entrée', 'Bureau'][i % 6],
      designation: l.designation.split('\n')[0].slice(0, 300),
      largeur_mm: 1190 + ((n * 7 + i * 13) % 40),
      hauteur_mm: 1395 + ((n * 11 + i * 5) % 30),
      sens_ouverture: SENS[(n + i) % SENS.length],
      couleur: ['blanc', 'anthracite RAL 7016', 'chêne doré'][(n + i) % 3],
      quantite: l.quantite ?? 1,
    }))
  )
  await setEtapeStatut(trx, null, commandeId, 'mesurage', 'faite', 'Démo : fiche validée')
  return true
}

export async function seedDemoCommandesFournisseur(trx: TransactionClientContract, base: DemoBase) {
  const user = base.users.esi
  const actor = systemActor(user)
  const now = DateTime.now().setZone(TIME_ZONE)

  if (!(await trx.from('textes').where('code', CF_TEXTE_CODE).first())) {
    await Texte.create(
      {
        code: CF_TEXTE_CODE,
        titre: 'Envoi d’une commande fournisseur',
        categorie: CF_TEXTE_CATEGORIE,
        contenu: TEXTE,
        version: 1,
        updatedBy: user.id,
      },
      { client: trx }
    )
  }
  // The demo suppliers take orders by e-mail
  const fournisseurs = await trx.from('societes').where('type', 'fournisseur').whereNull('email')
  for (const f of fournisseurs) {
    await trx
      .from('societes')
      .where('id', f.id)
      .update({ email: `commandes@${slug(f.nom)}.example.be` })
  }

  // The commandes whose gate opens once measured (acompte paid, withdrawal over or waived)
  const commandes = await trx
    .from('commandes')
    .whereNot('statut', 'annulee')
    .orderBy('created_at')
    .orderBy('id')
    .select('id', 'statut')
  const open: { id: number; statut: string; mesuree: boolean }[] = []
  for (const c of commandes) {
    const facts = await commandeGateFacts(trx, c.id)
    if (gateReason('approvisionnement', { ...facts, mesureValidee: true })) continue
    open.push({ id: c.id, statut: c.statut, mesuree: facts.mesureValidee === true })
  }
  let ready = open.filter((c) => c.mesuree)
  if (!(await trx.from('mesures').where('statut', 'validee').first())) {
    // No measured commande in the demo yet: these ones are
    ready = []
    // The running ones first, then the most recent finished ones: six are enough to show
    // every stage (the whole demo is seeded in one transaction, in the tests too)
    const chosen = [
      ...open.filter((c) => c.statut !== 'terminee'),
      ...open.filter((c) => c.statut === 'terminee').reverse(),
    ].slice(0, 6)
    for (const [n, c] of chosen.entries()) {
      if (await validateSheet(trx, c.id, n)) ready.push({ ...c, mesuree: true })
    }
  }

  // The finished commandes first (wholly received), then one at each stage
  const finished = ready.filter((c) => c.statut === 'terminee')
  const running = ready.filter((c) => c.statut !== 'terminee')
  const plan: [number, string][] = [
    ...finished.map((c) => [c.id, 'recue'] as [number, string]),
    ...running.map((c, i) => {
      // The stages worth showing first: a damaged delivery, a late order, drafts to send…
      const stages = ['partielle', 'late', 'brouillons', 'envoyee', 'a_preparer', 'recue', 'late']
      return [c.id, stages[i % stages.length]] as [number, string]
    }),
  ]
  for (const [n, [commandeId, stage]] of plan.entries()) {
    if (stage === 'a_preparer') continue
    await prepareCommandesFournisseur(actor, commandeId)
    if (stage === 'brouillons') continue
    const cfs = await trx
      .from('commandes_fournisseur')
      .where({ commande_id: commandeId, statut: 'brouillon' })
      .orderBy('id')
    const sentAt = now.minus({ days: stage === 'recue' ? 40 : 12 + n }).set({ hour: 10 })
    for (const cf of cfs) {
      await sendInTransaction(trx, actor, user, cf.id, undefined, { mail: false })
      await trx
        .from('commandes_fournisseur')
        .where('id', cf.id)
        .update({ envoyee_le: sentAt.toJSDate() })
    }
    if (stage === 'envoyee') continue
    for (const [k, cf] of cfs.entries()) {
      const fresh = await trx.from('commandes_fournisseur').where('id', cf.id).first()
      const date =
        stage === 'late'
          ? now.minus({ days: 3 + k })
          : stage === 'recue'
            ? now.minus({ days: 20 })
            : now.minus({ days: 1 })
      await confirmCommandeFournisseur(actor, cf.id, {
        lockVersion: fresh.lock_version,
        dateLivraison: date.toISODate()!,
      })
      if (stage === 'late') continue
      const lignes = await trx
        .from('commande_fournisseur_lignes')
        .where('commande_fournisseur_id', cf.id)
        .orderBy('position')
      const partial = stage === 'partielle' && k === 0
      await receiveLivraison(actor, cf.id, {
        date: date.toISODate()!,
        bonLivraison: `BL-${date.toFormat('yyMMdd')}-${cf.id}`,
        remarques: partial ? 'Livraison incomplète, reliquat annoncé.' : null,
        lignes: lignes.map((l, j) => ({
          ligne_id: Number(l.id),
          quantite: l.quantite,
          etat: partial && j === 0 ? ('endommage' as const) : ('ok' as const),
          remarque:
            partial && j === 0 ? 'Vitrage fêlé à la livraison, remplacement demandé.' : null,
          fichier_id: null,
        })),
      })
    }
  }
}
