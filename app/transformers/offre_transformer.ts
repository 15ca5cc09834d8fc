/* What the offres pages may know of an offre (never a product's purchase price). */
import type Offre from '#models/offre'
import type OffreLigne from '#models/offre_ligne'
import type Societe from '#models/societe'
import type Contact from '#models/contact'
import { trimDecimal } from '#models/ligne_base'
import type { OffreDetail, OffreRow } from '#shared/offres'

/** A row of offres/Index (the query brings societe_nom and contact_nom). */
export function offreRow(offre: Offre): OffreRow {
  return {
    id: offre.id,
    numero: offre.numero,
    statut: offre.statut,
    objet: offre.objet,
    date_offre: offre.dateOffre.toISODate()!,
    contact: String(offre.$extras.contact_nom ?? ''),
    societe: { id: offre.societeId, nom: String(offre.$extras.societe_nom ?? '') },
    total_ht: offre.totalHt,
    total_ttc: offre.totalTtc,
    transmise_le: offre.transmiseLe?.toISO() ?? null,
    devis_id: offre.devisId,
  }
}

export function offreDetail(
  offre: Offre,
  lignes: OffreLigne[],
  societe: Societe,
  contact: Contact,
  auteur: string | null
): OffreDetail {
  return {
    id: offre.id,
    numero: offre.numero,
    statut: offre.statut,
    lock_version: offre.lockVersion,
    revision: offre.revision,
    societe: {
      id: societe.id,
      nom: societe.nom,
      remise_partenaire_pct: trimDecimal(societe.remisePartenairePct ?? '0'),
    },
    contact_id: contact.id,
    contact: contact.fullName,
    contact_email: contact.email,
    date_offre: offre.dateOffre.toISODate()!,
    valable_jusqu_au: offre.valableJusquAu.toISODate()!,
    objet: offre.objet,
    adresse_chantier: offre.adresseChantier ?? '',
    remise_globale_pct: trimDecimal(offre.remiseGlobalePct ?? '0').replace('.', ','),
    intro: offre.intro ?? '',
    conditions: offre.conditions ?? '',
    // Decimals as a French user types them ("3,5"); the server reads both marks
    lignes: lignes.map((l) => {
      const form = l.toForm()
      return {
        ...form,
        quantite: form.quantite.replace('.', ','),
        remise_pct: form.remise_pct.replace('.', ','),
      }
    }),
    total_ht: offre.totalHt,
    total_tva: offre.totalTva,
    total_ttc: offre.totalTtc,
    tva_detail: offre.tvaDetail ?? [],
    envoyee_le: offre.envoyeeLe?.toISO() ?? null,
    transmise_le: offre.transmiseLe?.toISO() ?? null,
    devis_id: offre.devisId,
    auteur,
    updated_at: offre.updatedAt.toISO()!,
  }
}
