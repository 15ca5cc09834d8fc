/*
 * Demo supplier orders (issue 12 §3–4): the e-mail Texte of a supplier order, an address for
 * the demo suppliers, and on the commandes database/demo/commandes_story.ts gives (their sheets
 * validated by the mesures demo): the finished ones and those at the pose wholly received, one
 * partly received with a damaged line, one whose first order was confirmed for a date now past
 * (late) and the other ones sent, not confirmed. Through the real services (the sending without
 * mail); dates moved back afterwards. « avenant_signe »: its orders still to prepare.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Texte from '#models/texte'
import type { DemoBase } from '#database/demo/index'
import { systemActor } from '#services/actor'
import { demoCommandes } from '#database/demo/commandes_story'
import {
  confirmCommandeFournisseur,
  sendInTransaction,
} from '#services/commandes_fournisseur/cf_envoi'
import { prepareCommandesFournisseur } from '#services/commandes_fournisseur/cf_brouillon'
import { receiveLivraison } from '#services/commandes_fournisseur/cf_reception'
import { CF_TEXTE_CATEGORIE, CF_TEXTE_CODE } from '#services/commandes_fournisseur/cf_mail'
import { TIME_ZONE } from '#shared/app'

const TEXTE = `Bonjour,

Veuillez trouver ci-jointe notre commande {{commande_fournisseur.numero}} du {{commande_fournisseur.date}}, d’un montant de {{commande_fournisseur.montant_ht}} HT (notre référence {{commande.numero}}).

Les dimensions indiquées sont celles mesurées sur chantier. Livraison : {{commande_fournisseur.livraison}}.

Merci de nous confirmer la date de livraison par retour et de reprendre notre numéro de commande sur le bon de livraison.

Bien cordialement,

{{user.nom}}
{{societe.nom}} — {{societe.telephone}}`

function slug(nom: string) {
  return nom
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
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

  // The commandes of database/demo/commandes_story.ts: the finished ones and the pose planned
  // or done wholly received, one partly received with a damaged line, one late
  const { finished, role } = await demoCommandes(trx)
  const plan: [number, string][] = (
    [
      ...finished.map((id) => [id, 'recue']),
      [role.pose_planifiee, 'recue'],
      [role.pv_reserve, 'recue'],
      [role.reception_partielle, 'partielle'],
      [role.cf_en_retard, 'late'],
    ] as [number | undefined, string][]
  ).filter((p): p is [number, string] => p[0] !== undefined)
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
      // Late: the first order confirmed for a date now past, the others not confirmed yet
      if (stage === 'late' && k > 0) continue
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
