/*
 * Demo archive (issue 14 §4, decision 526): the finished commandes of the story end on the day
 * their facture de solde was issued (not on the day the demo was seeded), so the archive's
 * période filter has months to work on; the oldest one's devis went through two versions (the
 * first one frozen as the editor freezes it) and was mailed each time; the facture de solde of
 * the three oldest was mailed to the customer through the real service (kept under
 * storage/mails outside production). The cancelled (withdrawn) commande is the story's.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type { DemoBase } from '#database/demo/index'
import { demoCommandes } from '#database/demo/commandes_story'
import Devis from '#models/devis'
import DevisRevision from '#models/devis_revision'
import { audit } from '#services/audit'
import { systemActor } from '#services/actor'
import { snapshotOf } from '#services/devis/devis_snapshot'
import { sendFactureMail } from '#services/factures/facture_mail'

export async function seedDemoArchive(trx: TransactionClientContract, base: DemoBase) {
  const actor = systemActor(base.users.esi)
  const { finished } = await demoCommandes(trx)
  if (!finished.length) return
  // Finished when the solde was issued (the sync stamped the seeding time)
  await trx.rawQuery(
    `UPDATE commandes c SET terminee_le = f.emise_le
       FROM factures f
      WHERE f.bdc_id = c.bdc_id AND f.type = 'solde' AND f.emise_le IS NOT NULL
        AND c.statut = 'terminee' AND c.id = ANY(?)`,
    [finished]
  )

  const oldest = await trx
    .from('commandes as c')
    .join('bdcs as b', 'b.id', 'c.bdc_id')
    .where('c.id', finished[0])
    .select('b.id as bdc_id', 'b.devis_id')
    .first()
  const devis = await Devis.find(oldest.devis_id, { client: trx })
  if (devis && devis.revision === 1) {
    const client = await trx.from('clients').where('id_client', devis.clientId).first()
    const first = await snapshotOf(devis, trx)
    const sentOn = devis.dateDevis.minus({ days: 12 })
    first.header.date_devis = sentOn.toISODate()!
    const frozen = await DevisRevision.create(
      { devisId: devis.id, revision: 1, snapshot: first, createdBy: base.users.esi.id },
      { client: trx }
    )
    // Frozen when the second version was written, the day before it was sent
    await trx
      .from('devis_revisions')
      .where('id', frozen.id)
      .update({ created_at: devis.dateDevis.minus({ days: 1 }).set({ hour: 16 }).toJSDate() })
    devis.revision = 2
    devis.useTransaction(trx)
    await devis.save()
    await trx.from('bdcs').where('id', oldest.bdc_id).update({ devis_revision: 2 })
    for (const [revision, day] of [
      [1, sentOn],
      [2, devis.dateDevis],
    ] as const) {
      await audit(
        actor,
        {
          action: 'devis.envoye',
          userId: base.users.esi.id,
          subjectType: 'devis',
          subjectId: devis.id,
          after: { statut: 'envoye', numero: devis.numero, revision, to: client?.email ?? null },
        },
        trx
      )
      await trx
        .from('audit_logs')
        .where({ action: 'devis.envoye', subject_type: 'devis', subject_id: String(devis.id) })
        .whereRaw("after->>'revision' = ?", [String(revision)])
        .update({ created_at: DateTime.fromISO(day.toISODate()!).set({ hour: 10 }).toJSDate() })
    }
  }

  const soldes = await trx
    .from('factures as f')
    .join('commandes as c', 'c.bdc_id', 'f.bdc_id')
    .whereIn('c.id', finished.slice(0, 3))
    .where('f.type', 'solde')
    .whereNotNull('f.numero')
    .orderBy('f.id')
    .select('f.id')
  for (const f of soldes) {
    await sendFactureMail(actor, f.id, base.users.esi).catch(() => null)
  }
}
