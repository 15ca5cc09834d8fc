/*
 * What a relance says (decisions 245, 248): the Texte of its level (category relance_facture,
 * code relance_niveau_N, the user's own version first; a fixed French text when there is none)
 * filled with the facture and the amounts, then the legal paragraph written by code.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type Facture from '#models/facture'
import Client from '#models/client'
import Relance from '#models/relance'
import { renderTexteFor } from '#services/textes'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { AppException } from '#exceptions/http_exceptions'
import { contextFrom, renderTexte } from '#shared/textes'
import { factureReste } from '#shared/factures'
import { formatEuros } from '#shared/totals'
import { formatDate } from '#shared/dates'
import { formatIban } from '#shared/validation/belgium'
import { clientDisplayName } from '#shared/clients'
import {
  RELANCE_NIVEAU_LABELS,
  TAUX_INTERET_RETARD_B2B,
  formatTaux,
  joursDeRetard,
  montantsRelance,
  relanceMentionLegale,
  relanceTexteCode,
  type RelanceNiveau,
} from '#shared/relances'

const FALLBACK: Record<RelanceNiveau, string> = {
  1: `Bonjour {{client.civilite}} {{client.nom}},

Sauf erreur de notre part, notre facture {{facture.numero}} du {{facture.date}}, échue le {{facture.echeance}}, reste impayée à ce jour : il reste {{facture.reste}} à régler.

Nous vous remercions de bien vouloir effectuer ce paiement sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}. Si votre paiement a croisé ce message, merci de ne pas en tenir compte.

Bien cordialement,

{{user.nom}}
{{societe.nom}}`,
  2: `Bonjour {{client.civilite}} {{client.nom}},

Malgré notre premier rappel, notre facture {{facture.numero}}, échue le {{facture.echeance}}, reste impayée depuis {{relance.jours_retard}} jours. Le montant de {{facture.reste}} est toujours dû.

Nous vous prions de le verser sans tarder sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}.

Cordialement,

{{user.nom}}
{{societe.nom}}`,
  3: `{{client.civilite}} {{client.nom}},

Nos rappels concernant la facture {{facture.numero}} du {{facture.date}}, échue le {{facture.echeance}}, sont restés sans suite.

Le paiement se fait sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}.

{{user.nom}}
{{societe.nom}}`,
}

export type RelanceContenu = {
  objet: string
  texte: string
  mentionLegale: string
  email: string | null
  destinataireNom: string
  professionnel: boolean
  joursRetard: number
  reste: number
  interets: number
  indemnite: number
  tauxInteret: number | null
}

/** What a relance row keeps of its content: the letter and figures as sent that day. */
export function relanceSnapshot(c: RelanceContenu) {
  return {
    joursRetard: c.joursRetard,
    reste: c.reste,
    interets: c.interets,
    indemnite: c.indemnite,
    tauxInteret: c.tauxInteret,
    objet: c.objet,
    texte: c.texte,
    mentionLegale: c.mentionLegale,
  }
}

/** The subject of the mail and of the letter. */
export function relanceObjet(niveau: RelanceNiveau, numero: string): string {
  return niveau === 3
    ? `Mise en demeure — facture ${numero}`
    : `${RELANCE_NIVEAU_LABELS[niveau]} — facture ${numero}`
}

/** The content of the relance of that level, today, as `user` sends it. */
export async function relanceContenu(
  facture: Facture,
  niveau: RelanceNiveau,
  user: User,
  today: string,
  trx?: TransactionClientContract
): Promise<RelanceContenu> {
  const parties = readSnapshot<PartiesSnapshot>(facture.partiesSnapshot)
  if (!facture.numero || !facture.echeance || !parties) {
    throw new AppException('Seule une facture émise peut être relancée.', { status: 422 })
  }
  const client = await Client.find(facture.clientId, { client: trx })
  const professionnel = parties.client_professionnel
  const email = client?.email ?? parties.destinataire.email ?? null
  const echeance = facture.echeance.toISODate()!
  const joursRetard = joursDeRetard(echeance, today)
  const reste = factureReste({
    total_ttc: facture.totalTtc,
    montant_paye: facture.montantPaye,
    montant_credite: facture.montantCredite,
  })
  const m = montantsRelance({ niveau, professionnel, reste, joursRetard })
  const premier =
    niveau > 1
      ? await Relance.query({ client: trx })
          .where('facture_id', facture.id)
          .where('niveau', 1)
          .first()
      : null
  const taux = formatTaux(TAUX_INTERET_RETARD_B2B.pct)
  const e = parties.emetteur
  const context = contextFrom({
    'client.civilite': client?.civilite ?? '',
    'client.prenom': client?.prenom ?? '',
    'client.nom': client?.nom ?? parties.destinataire.nom,
    'client.email': email ?? '',
    'facture.numero': facture.numero,
    'facture.date': facture.dateFacture ? formatDate(facture.dateFacture.toISODate()!) : '',
    'facture.echeance': formatDate(echeance),
    'facture.montant_ttc': formatEuros(facture.totalTtc),
    'facture.reste': formatEuros(reste),
    'facture.communication': facture.communication ?? '',
    'relance.niveau': String(niveau),
    'relance.libelle': RELANCE_NIVEAU_LABELS[niveau],
    'relance.date': formatDate(today),
    'relance.jours_retard': String(joursRetard),
    'relance.interets': formatEuros(m.interets),
    'relance.taux': taux,
    'relance.indemnite': formatEuros(m.indemnite),
    'relance.total': formatEuros(m.total),
    'societe.nom': e.nom,
    'societe.iban': e.iban ? formatIban(e.iban) : '',
    'societe.email': e.email ?? '',
    'societe.telephone': e.telephone ?? '',
    'user.nom': user.name,
    'user.email': user.email,
  })
  const body =
    (await renderTexteFor(relanceTexteCode(niveau), user, context, 'text', trx)) ??
    renderTexte(FALLBACK[niveau], context)
  const mention = relanceMentionLegale({
    niveau,
    professionnel,
    reste: formatEuros(reste),
    interets: formatEuros(m.interets),
    indemnite: formatEuros(m.indemnite),
    total: formatEuros(m.total),
    taux,
    joursRetard,
    datePremierRappel: premier ? formatDate(premier.dateRelance.toISODate()!) : null,
  })
  return {
    objet: relanceObjet(niveau, facture.numero),
    texte: body.trim(),
    mentionLegale: mention,
    email,
    destinataireNom: client ? clientDisplayName(client) : parties.destinataire.nom,
    professionnel,
    joursRetard,
    reste,
    interets: m.interets,
    indemnite: m.indemnite,
    tauxInteret: professionnel && niveau === 3 ? TAUX_INTERET_RETARD_B2B.pct : null,
  }
}
