/* A facture as a row of the client's and the commande's tables (FactureRow of shared/factures). */
import type Facture from '#models/facture'
import { factureReste, type FactureRow } from '#shared/factures'

export function factureRow(f: Facture): FactureRow {
  return {
    id: f.id,
    numero: f.numero,
    type: f.type,
    date_facture: f.dateFacture?.toISODate() ?? null,
    echeance: f.echeance?.toISODate() ?? null,
    total_ttc: f.totalTtc,
    reste: f.numero
      ? factureReste({
          total_ttc: f.totalTtc,
          montant_paye: f.montantPaye,
          montant_credite: f.montantCredite,
        })
      : null,
    statut: f.statut,
  }
}
