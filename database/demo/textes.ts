/*
 * Demo textes modèles of « Menuiseries Dubois & Fils », a Belgian window and door installer:
 * quote introductions, general terms, e-mails, invoice mentions and the order form's own
 * conditions (printed on every new bdc; the withdrawal information and form of a bdc signed at
 * home are printed by the application, shared/retractation.ts). Demo data only: have the real texts checked by the company's lawyer.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Texte from '#models/texte'
import type { DemoBase } from '#database/demo/index'
import type { TexteCategorie } from '#shared/textes'

type DemoTexte = { code: string; titre: string; categorie: TexteCategorie; contenu: string }

export const DEMO_TEXTES: DemoTexte[] = [
  {
    code: 'devis_intro',
    titre: 'Introduction du devis',
    categorie: 'devis_intro',
    contenu: `{{client.civilite}} {{client.nom}},

Nous vous remercions de l’intérêt que vous portez à {{societe.nom}}. Suite à notre visite et à vos demandes, nous avons le plaisir de vous remettre notre offre n° {{devis.numero}} du {{devis.date}} pour : {{devis.objet}}.

Les prix s’entendent fourniture et pose comprises, évacuation des anciens châssis incluse. Les mesures définitives seront relevées par notre technicien avant la mise en fabrication.

Nous restons à votre disposition pour toute question.`,
  },
  {
    code: 'devis_intro_renovation',
    titre: 'Introduction — rénovation (TVA 6 %)',
    categorie: 'devis_intro',
    contenu: `{{client.civilite}} {{client.nom}},

Veuillez trouver ci-dessous notre devis n° {{devis.numero}} pour le remplacement de vos menuiseries au {{client.adresse}}.

Votre habitation étant occupée depuis plus de 10 ans, les travaux peuvent bénéficier du taux réduit de TVA de 6 %, sous réserve de l’attestation que vous signerez avec le bon de commande. À défaut, le taux de 21 % sera appliqué.

Nos châssis répondent aux exigences PEB en vigueur : ils peuvent vous ouvrir le droit aux primes régionales à la rénovation.`,
  },
  {
    code: 'cgv',
    titre: 'Conditions générales de vente',
    categorie: 'devis_conditions',
    contenu: `1. Le présent devis est valable jusqu’au {{devis.valable_jusqu_au}}. Passé ce délai, les prix peuvent être revus.
2. La commande devient ferme à la signature du bon de commande et au paiement de l’acompte de {{devis.acompte_pct}} %.
3. Les délais de fabrication et de pose sont donnés à titre indicatif ; un retard ne peut donner lieu à l’annulation de la commande ni à une indemnité, sauf faute grave de notre part.
4. Les menuiseries restent notre propriété jusqu’au paiement complet du prix.
5. Toute réclamation doit nous parvenir par écrit dans les 8 jours de la pose.
6. Nos produits bénéficient de la garantie légale de conformité de deux ans (art. 1649bis et suivants de l’ancien Code civil) ; la quincaillerie et les vitrages sont en outre garantis selon les conditions du fabricant.
7. En cas de litige, seuls les tribunaux de l’arrondissement judiciaire de Namur sont compétents, sans préjudice des droits du consommateur de saisir le juge de son domicile.`,
  },
  {
    code: 'devis_validite_acompte',
    titre: 'Validité et acompte',
    categorie: 'devis_conditions',
    contenu: `Offre valable jusqu’au {{devis.valable_jusqu_au}}.
Un acompte de {{devis.acompte_pct}} %, soit {{devis.acompte}}, est demandé à la commande. Le solde est payable à la fin de la pose, à la réception de la facture.`,
  },
  {
    code: 'email_envoi_devis',
    titre: 'Envoi du devis',
    categorie: 'email_devis',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Comme convenu, vous trouverez en pièce jointe notre devis n° {{devis.numero}} d’un montant de {{devis.montant_ttc}} TVAC.

Il reste valable jusqu’au {{devis.valable_jusqu_au}}. Vous pouvez l’accepter et le signer en ligne : {{devis.lien}}
Vous pouvez aussi nous le renvoyer signé ou nous contacter au {{societe.telephone}}.

Bien cordialement,

{{user.nom}}
{{societe.nom}}
{{societe.telephone}} — {{societe.email}}`,
  },
  {
    code: 'email_relance_devis',
    titre: 'Relance d’un devis sans réponse',
    categorie: 'email_relance',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Nous nous permettons de revenir vers vous au sujet de notre devis n° {{devis.numero}} du {{devis.date}}.

Avez-vous pu en prendre connaissance ? Nous serions heureux de répondre à vos questions ou d’adapter notre proposition. Pour rappel, il reste valable jusqu’au {{devis.valable_jusqu_au}}.

Bien cordialement,

{{user.nom}}
{{societe.nom}}`,
  },
  {
    code: 'email_rappel_paiement',
    titre: 'Rappel de paiement',
    categorie: 'email_relance',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Sauf erreur de notre part, la facture n° {{facture.numero}} du {{facture.date}}, d’un montant de {{facture.montant_ttc}}, arrivée à échéance le {{facture.echeance}}, reste impayée.

Nous vous remercions de bien vouloir en effectuer le paiement sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}.

Si votre paiement a croisé ce courriel, nous vous prions de ne pas en tenir compte.

Cordialement,

Le service comptabilité
{{societe.nom}}`,
  },
  {
    code: 'bdc_conditions',
    titre: 'Conditions du bon de commande',
    categorie: 'bdc_conditions',
    contenu: `Le client déclare avoir reçu et accepté les conditions générales de vente figurant au devis n° {{devis.numero}} du {{devis.date}}, qui font partie du présent bon de commande.
La commande n° {{bdc.numero}} est ferme dès sa signature et le paiement de l’acompte de {{devis.acompte}}, sous réserve du droit de rétractation du client lorsqu’elle est signée à son domicile (le cas échéant, voir la page « Droit de rétractation » jointe).
Les mesures prises par notre technicien font foi pour la fabrication. Toute modification demandée après le mesurage fera l’objet d’un avenant.
Le client assure l’accès au chantier et la libération des abords des baies le jour de la pose.`,
  },
  {
    code: 'facture_mentions_legales',
    titre: 'Mentions légales de la facture',
    categorie: 'facture_mentions',
    contenu: `Facture payable au plus tard le {{facture.echeance}} sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}.

Tout montant impayé à l’échéance porte de plein droit et sans mise en demeure un intérêt de retard au taux prévu par la loi du 2 août 2002 concernant la lutte contre le retard de paiement dans les transactions commerciales, ainsi qu’une indemnité forfaitaire de 40 €. Pour les consommateurs, les frais et intérêts sont limités conformément aux articles XIX.1 et suivants du Code de droit économique, après un premier rappel gratuit.

{{societe.nom}} {{societe.forme_juridique}} — {{societe.adresse}} — TVA {{societe.tva}} — {{societe.rpm}}`,
  },
  {
    code: 'facture_attestation_tva_6',
    titre: 'Attestation TVA 6 %',
    categorie: 'facture_mentions',
    contenu: `Taux de TVA réduit de 6 % : en l’absence de contestation par écrit, dans un délai d’un mois à compter de la réception de la facture, le client est présumé reconnaître que (1) les travaux sont effectués à un bâtiment d’habitation dont la première occupation a eu lieu au cours d’une année civile qui précède d’au moins dix ans la date de la première facture relative à ces travaux, (2) qu’après l’exécution de ces travaux, l’habitation est utilisée, soit exclusivement soit à titre principal comme logement privé et (3) que ces travaux sont fournis et facturés à un consommateur final. Si au moins une de ces conditions n’est pas remplie, le taux normal de TVA de 21 % sera applicable et le client endossera, par rapport à ces conditions, la responsabilité quant au paiement de la taxe, des intérêts et des amendes dus.`,
  },
  {
    code: 'email_demande_acompte',
    titre: 'Demande de paiement de l’acompte',
    categorie: 'email_demande_paiement',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Merci pour votre commande n° {{bdc.numero}}.

Afin de lancer la fabrication de vos menuiseries, nous vous remercions de verser l’acompte de {{paiement.montant}} sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}.

Vous pouvez aussi payer en ligne ou scanner le code QR depuis cette page : {{paiement.lien}}

Dès réception, notre technicien vous contactera pour fixer le rendez-vous de mesurage.

Bien cordialement,

{{user.nom}}
{{societe.nom}}`,
  },
  {
    code: 'facture_envoi',
    titre: 'Envoi de la facture',
    categorie: 'email_facture',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Veuillez trouver ci-joint notre facture {{facture.numero}} du {{facture.date}}, d’un montant de {{facture.montant_ttc}}.

Nous vous remercions de régler {{facture.reste}} au plus tard le {{facture.echeance}} sur le compte {{societe.iban}}, avec la communication structurée {{facture.communication}}. Vous pouvez aussi consulter la facture et la payer en ligne (code QR) : {{facture.lien}}

Pour toute question, nous restons à votre disposition au {{societe.telephone}}.

Bien cordialement,

{{user.nom}}
{{societe.nom}}`,
  },
  {
    // Issue 13 §5: sent by the queue the day before a visit (app/services/planning/rappels.ts)
    code: 'rappel_visite',
    titre: 'Rappel de visite (la veille)',
    categorie: 'email_rappel_visite',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Nous vous rappelons notre visite de demain, {{visite.date}}, {{visite.plage}} : {{visite.nature}}, à l’adresse {{visite.adresse}}.

Intervenant : {{visite.technicien}}.

Un empêchement ? Merci de nous prévenir au plus vite au {{societe.telephone}}.

Bien cordialement,

{{societe.nom}}`,
  },
]

export async function seedDemoTextes(trx: TransactionClientContract, base: DemoBase) {
  return Texte.createMany(
    DEMO_TEXTES.map((texte) => ({ ...texte, version: 1, updatedBy: base.users.esi.id })),
    { client: trx }
  )
}
