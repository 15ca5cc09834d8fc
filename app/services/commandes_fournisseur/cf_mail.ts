/*
 * The e-mail of a sent supplier order (issue 12 §3, decision 357): the Texte of category
 * email_commande_fournisseur (code commande_fournisseur_envoi first, the sender's own version
 * first) filled with the order, the PDF attached. Built after the sending transaction commits.
 */
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Texte from '#models/texte'
import CommandeFournisseurMail from '#mails/commande_fournisseur_mail'
import { renderTexteFor } from '#services/textes'
import { esiEmetteur } from '#services/pdf/document_parts'
import { commandeFournisseurPdf } from '#services/pdf/commande_fournisseur_pdf'
import { contextFrom, renderTexte } from '#shared/textes'
import { formatEuros } from '#shared/totals'
import { formatDate, todayIso } from '#shared/dates'

export const CF_TEXTE_CATEGORIE = 'email_commande_fournisseur'
export const CF_TEXTE_CODE = 'commande_fournisseur_envoi'

const FALLBACK = `Bonjour,

Veuillez trouver ci-jointe notre commande {{commande_fournisseur.numero}} d’un montant de {{commande_fournisseur.montant_ht}} HT, à livrer à l’adresse suivante : {{commande_fournisseur.livraison}}.

Merci de nous confirmer la date de livraison par retour.

Bien cordialement,

{{user.nom}}
{{societe.nom}}`

export async function commandeFournisseurMail(cfId: number, user: User) {
  const cf = await db
    .from('commandes_fournisseur as cf')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .join('commandes as c', 'c.id', 'cf.commande_id')
    .where('cf.id', cfId)
    .select('cf.*', 's.nom as f_nom', 's.email as f_email', 'c.numero as commande_numero')
    .first()
  if (!cf?.numero || !cf.f_email) return null
  const e = await esiEmetteur()
  const context = contextFrom({
    'fournisseur.nom': cf.f_nom,
    'commande_fournisseur.numero': cf.numero,
    'commande_fournisseur.date': formatDate(todayIso()),
    'commande_fournisseur.montant_ht': formatEuros(Number(cf.total_ht)),
    'commande_fournisseur.livraison': cf.adresse_livraison || 'à convenir',
    'commande.numero': cf.commande_numero,
    'societe.nom': e.nom,
    'societe.email': e.email ?? '',
    'societe.telephone': e.telephone ?? '',
    'user.nom': user.name,
    'user.email': user.email,
  })
  const texte = await Texte.query()
    .where('categorie', CF_TEXTE_CATEGORIE)
    .orderByRaw('(code = ?) desc', [CF_TEXTE_CODE])
    .orderBy('titre')
    .first()
  const body =
    (texte ? await renderTexteFor(texte.code, user, context) : null) ??
    renderTexte(FALLBACK, context)
  const pdf = await commandeFournisseurPdf(cfId)
  return new CommandeFournisseurMail(
    { email: cf.f_email, name: cf.f_nom },
    `Commande ${cf.numero} — ${e.nom}`.slice(0, 250),
    body,
    pdf,
    { email: user.email, name: user.name }
  )
}
