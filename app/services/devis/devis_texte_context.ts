/*
 * The placeholders of shared/textes.ts filled for one devis (client, devis, our société, the
 * user): used by the devis e-mail, and meant for the texts printed on the document (intro and
 * conditions are stored as the user wrote them, placeholders included).
 */
import type Client from '#models/client'
import type Devis from '#models/devis'
import type Societe from '#models/societe'
import type User from '#models/user'
import { formatEuros } from '#shared/totals'
import { contextFrom, type TexteContext } from '#shared/textes'
import { companySociete } from '#services/company'
import { customerDevisLink } from '#services/signature_en_ligne/devis_link'

/** What a draft prints where its number will be. */
export const DRAFT_NUMERO = '(brouillon)'

const fr = (d: { toFormat: (f: string) => string } | null | undefined) =>
  d ? d.toFormat('dd/MM/yyyy') : ''

/**
 * The client.* and societe.* placeholders: frozen with the parties of an issued document
 * (PartiesSnapshot.placeholders), so its texts keep the names and addresses it was issued with.
 */
export function partyPlaceholders(client: Client, societe: Societe | null): Record<string, string> {
  const adresse = [
    client.facturationRue,
    [client.facturationCodePostal, client.facturationLocalite].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ')
  return {
    'client.civilite': client.civilite ?? '',
    'client.prenom': client.prenom ?? '',
    'client.nom': client.type === 'professionnel' && client.societe ? client.societe : client.nom,
    'client.adresse': adresse,
    'client.email': client.email ?? '',
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
  }
}

/**
 * The placeholders of shared/textes.ts for one devis (emails, texts of the document).
 * @param frozen the party placeholders of an issued document (else the live client and company)
 */
export async function devisTexteContext(
  devis: Devis,
  client: Client,
  user: Pick<User, 'name' | 'email'> | null,
  frozen?: Record<string, string> | null
): Promise<TexteContext> {
  const parties = frozen ?? partyPlaceholders(client, await companySociete())
  return contextFrom({
    ...parties,
    // A draft has no number yet: « notre offre n° (brouillon) du … », never « n° du … »
    'devis.numero': devis.numero ?? DRAFT_NUMERO,
    'devis.date': fr(devis.dateDevis),
    'devis.objet': devis.objet,
    'devis.montant_ttc': formatEuros(devis.totalTtc),
    'devis.valable_jusqu_au': fr(devis.valableJusquAu),
    'devis.acompte_pct': String(Number(devis.acomptePct)).replace('.', ','),
    'devis.acompte': formatEuros(devis.acompte),
    // The customer's signed link to see, accept or refuse online (issue 14 §1); none for a draft
    'devis.lien': customerDevisLink(devis) ?? '',
    'user.nom': user?.name ?? '',
    'user.email': user?.email ?? '',
  })
}
