/*
 * The placeholders of shared/textes.ts filled for one devis (client, devis, our société, the
 * user): used by the devis e-mail, and meant for the texts printed on the document (intro and
 * conditions are stored as the user wrote them, placeholders included).
 */
import type Client from '#models/client'
import type Devis from '#models/devis'
import type User from '#models/user'
import { formatEuros } from '#shared/totals'
import { contextFrom, type TexteContext } from '#shared/textes'
import { companySociete } from '#services/company'

/** What a draft prints where its number will be. */
export const DRAFT_NUMERO = '(brouillon)'

const fr = (d: { toFormat: (f: string) => string } | null | undefined) =>
  d ? d.toFormat('dd/MM/yyyy') : ''

/** The placeholders of shared/textes.ts for one devis (emails, texts of the document). */
export async function devisTexteContext(
  devis: Devis,
  client: Client,
  user: Pick<User, 'name' | 'email'> | null
): Promise<TexteContext> {
  const societe = await companySociete()
  const adresse = [
    client.facturationRue,
    [client.facturationCodePostal, client.facturationLocalite].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ')
  return contextFrom({
    'client.civilite': client.civilite ?? '',
    'client.prenom': client.prenom ?? '',
    'client.nom': client.type === 'professionnel' && client.societe ? client.societe : client.nom,
    'client.adresse': adresse,
    'client.email': client.email ?? '',
    // A draft has no number yet: « notre offre n° (brouillon) du … », never « n° du … »
    'devis.numero': devis.numero ?? DRAFT_NUMERO,
    'devis.date': fr(devis.dateDevis),
    'devis.objet': devis.objet,
    'devis.montant_ttc': formatEuros(devis.totalTtc),
    'devis.valable_jusqu_au': fr(devis.valableJusquAu),
    'devis.acompte_pct': String(Number(devis.acomptePct)).replace('.', ','),
    'devis.acompte': formatEuros(devis.acompte),
    'societe.nom': societe?.nom ?? '',
    'societe.forme_juridique': societe?.formeJuridique ?? '',
    'societe.tva': societe?.numeroTva ?? '',
    'societe.adresse': [
      societe?.adresse,
      [societe?.codePostal, societe?.localite].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
    'societe.rpm': societe?.rpm ?? '',
    'societe.iban': societe?.iban ?? '',
    'societe.telephone': societe?.telephone ?? '',
    'societe.email': societe?.email ?? '',
    'user.nom': user?.name ?? '',
    'user.email': user?.email ?? '',
  })
}
