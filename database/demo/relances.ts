/*
 * Demo relances (issue 11 §4): the company's texts of the three levels (category
 * relance_facture; the legal paragraph is added by the application, decision 248) and, in the
 * history of every overdue facture, the levels already sent — so their pages show the
 * « Relances » block, and the proposals page has the next levels due. Demo data only: have the
 * real texts checked by the company's lawyer.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Texte from '#models/texte'
import Facture from '#models/facture'
import Relance from '#models/relance'
import type { DemoBase } from '#database/demo/index'
import { relanceContenu, relanceSnapshot } from '#services/relances/relance_contenu'
import {
  RELANCE_DELAIS,
  RELANCE_NIVEAUX,
  RELANCE_TEXTE_CATEGORIE,
  type RelanceNiveau,
} from '#shared/relances'
import { TIME_ZONE } from '#shared/app'
import { addDays } from '#shared/dates'

export const DEMO_RELANCE_TEXTES = [
  {
    code: 'relance_niveau_1',
    titre: 'Relance 1 — rappel amical',
    contenu: `Bonjour {{client.civilite}} {{client.nom}},

Sauf erreur ou omission de notre part, notre facture n° {{facture.numero}} du {{facture.date}}, arrivée à échéance le {{facture.echeance}}, n’a pas encore été réglée. Le montant restant dû est de {{facture.reste}}.

Il s’agit sans doute d’un simple oubli : nous vous remercions d’effectuer le paiement sur le compte {{societe.iban}} avec la communication structurée {{facture.communication}}. Vous trouverez la facture en pièce jointe.

Si votre paiement a croisé ce message, nous vous prions de ne pas en tenir compte.

Bien cordialement,

{{user.nom}}
{{societe.nom}} — {{societe.telephone}}`,
  },
  {
    code: 'relance_niveau_2',
    titre: 'Relance 2 — rappel ferme',
    contenu: `{{client.civilite}} {{client.nom}},

Malgré notre premier rappel, notre facture n° {{facture.numero}}, échue le {{facture.echeance}}, reste impayée depuis {{relance.jours_retard}} jours. Le montant de {{facture.reste}} est toujours dû.

Nous vous demandons de régler ce montant sans tarder sur le compte {{societe.iban}}, avec la communication structurée {{facture.communication}}. Si vous rencontrez une difficulté, contactez-nous au {{societe.telephone}} : nous chercherons une solution ensemble.

Cordialement,

{{user.nom}}
Service comptabilité — {{societe.nom}}`,
  },
  {
    code: 'relance_niveau_3',
    titre: 'Relance 3 — mise en demeure',
    contenu: `{{client.civilite}} {{client.nom}},

Nos rappels concernant la facture n° {{facture.numero}} du {{facture.date}}, échue le {{facture.echeance}}, sont restés sans suite à ce jour, {{relance.jours_retard}} jours après l’échéance.

Par la présente, nous vous mettons en demeure de nous payer la somme de {{relance.total}} sur le compte {{societe.iban}}, avec la communication structurée {{facture.communication}}, selon les conditions rappelées ci-dessous.

Veuillez agréer, {{client.civilite}}, nos salutations distinguées.

{{user.nom}}
{{societe.nom}}`,
  },
]

export async function seedDemoRelances(trx: TransactionClientContract, base: DemoBase) {
  await Texte.createMany(
    DEMO_RELANCE_TEXTES.map((t) => ({
      ...t,
      categorie: RELANCE_TEXTE_CATEGORIE,
      version: 1,
      updatedBy: base.users.esi.id,
    })),
    { client: trx }
  )

  // The history of the demo year's overdue factures (database/demo/factures.ts): every level
  // whose date has passed was sent on its day, except the latest one of every other facture,
  // left for this morning's proposals page (decision 246's schedule)
  const today = DateTime.now().setZone(TIME_ZONE).toISODate()!
  const overdue = await Facture.query({ client: trx })
    .whereNotNull('numero')
    .whereIn('statut', ['emise', 'partiellement_payee'])
    .where('echeance', '<', today)
    .orderBy('echeance')
    .orderBy('id')
  const user = base.users.esi
  for (const [index, facture] of overdue.entries()) {
    const days: string[] = []
    let day = facture.echeance!.toISODate()!
    for (const niveau of RELANCE_NIVEAUX) {
      day = addDays(day, RELANCE_DELAIS[niveau])
      if (day > today) break
      days.push(day)
    }
    if (index % 2 === 0) days.pop()
    for (const [i, sentOn] of days.entries()) {
      await recordDemoRelance(trx, facture, RELANCE_NIVEAUX[i], sentOn, user)
    }
  }
}

async function recordDemoRelance(
  trx: TransactionClientContract,
  facture: Facture,
  niveau: RelanceNiveau,
  day: string,
  user: DemoBase['users']['esi']
) {
  const contenu = await relanceContenu(facture, niveau, user, day, trx)
  // A letter for the mise en demeure, the reminders by e-mail when the client has one
  const email = niveau < 3 ? contenu.email : null
  await Relance.create(
    {
      factureId: facture.id,
      niveau,
      dateRelance: DateTime.fromISO(day),
      canal: email ? 'email' : 'courrier',
      envoyePar: user.id,
      mailEnvoye: email ? true : null,
      destinataire: email,
      ...relanceSnapshot(contenu),
      createdAt: DateTime.fromISO(`${day}T09:12:00`, { zone: TIME_ZONE }),
    },
    { client: trx }
  )
}
