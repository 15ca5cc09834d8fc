// A devis as it stands (header, lines, totals, parties): what a revision freezes.
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import type { DevisSnapshot } from '#models/devis_revision'
import { totalsOf } from '#services/documents/lignes'
import { readSnapshot } from '#services/pdf/document_parts'

export async function snapshotOf(
  devis: Devis,
  trx?: TransactionClientContract
): Promise<DevisSnapshot> {
  const lignes = await DevisLigne.query(trx ? { client: trx } : {})
    .where('devis_id', devis.id)
    .orderBy('position')
  const data = lignes.map((l) => l.toData())
  const totals = totalsOf(data, devis.remiseGlobalePct, devis.acomptePct)
  return {
    header: {
      numero: devis.numero,
      revision: devis.revision,
      date_devis: devis.dateDevis.toISODate()!,
      valable_jusqu_au: devis.valableJusquAu.toISODate()!,
      objet: devis.objet,
      adresse_chantier: devis.adresseChantier,
      client_id: devis.clientId,
      client_nom: devis.clientNom,
      commercial_id: devis.commercialId,
      intro: devis.intro,
      conditions: devis.conditions,
      remise_globale_pct: String(devis.remiseGlobalePct),
      acompte_pct: String(devis.acomptePct),
      statut: devis.statut,
      envoye_le: devis.envoyeLe?.toISO() ?? null,
    },
    lignes: data.map((l, i) => ({ ...l, total_ht: totals.lignes[i]?.total_ht ?? null })),
    totals,
    parties: readSnapshot(devis.partiesSnapshot),
  }
}
