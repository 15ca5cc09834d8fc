import type Client from '#models/client'
import { iso } from '#transformers/dates'
import type Societe from '#models/societe'
import {
  clientDisplayName,
  type ClientDetail,
  type ClientListItem,
  type ClientType,
} from '#shared/clients'
import type { ClientListRow } from '#services/clients/client_list'

/** A list row: only what the table shows. */
export function clientListItem(row: ClientListRow): ClientListItem {
  return {
    id_client: Number(row.id_client),
    type: row.type as ClientType,
    nom_complet: clientDisplayName(row),
    nom: row.nom,
    prenom: row.prenom,
    societe: row.societe,
    email: row.email,
    telephone: row.telephone ?? row.gsm,
    code_postal: row.facturation_code_postal,
    localite: row.facturation_localite,
    apporteur:
      row.apporteur_id && row.apporteur_nom
        ? { id: row.apporteur_id, nom: row.apporteur_nom }
        : null,
    created_at: iso(row.created_at) ?? '',
  }
}

export function clientDetail(client: Client, apporteur: Societe | null): ClientDetail {
  return {
    id_client: client.idClient,
    type: client.type,
    civilite: client.civilite,
    nom: client.nom,
    prenom: client.prenom,
    nom_complet: clientDisplayName(client),
    societe: client.societe,
    numero_tva: client.numeroTva,
    email: client.email,
    telephone: client.telephone,
    gsm: client.gsm,
    facturation_rue: client.facturationRue,
    facturation_code_postal: client.facturationCodePostal,
    facturation_localite: client.facturationLocalite,
    facturation_pays: client.facturationPays,
    chantier_rue: client.chantierRue,
    chantier_code_postal: client.chantierCodePostal,
    chantier_localite: client.chantierLocalite,
    chantier_lat: client.chantierLat,
    chantier_lng: client.chantierLng,
    apporteur: apporteur ? { id: apporteur.id, nom: apporteur.nom } : null,
    notes: client.notes,
    delai_paiement_jours: client.delaiPaiementJours,
    created_at: iso(client.createdAt) ?? '',
    updated_at: iso(client.updatedAt) ?? '',
    lock_version: client.lockVersion,
  }
}
