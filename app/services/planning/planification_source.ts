/*
 * Issue 13: what a visit is for — its commande step (mesurage, pose), its request (SAV,
 * commercial) or a client — with the client, title and address the visit takes from it. Read
 * by the planning's writer (planification_service.ts) when a visit is created or re-pointed.
 */
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { TransitionException } from '#exceptions/http_exceptions'
import { clientNom } from '#services/planning/planification_reads'
import type { PlanificationInput } from '#services/planning/planification_service'
import type { Etape } from '#shared/commande_etapes'
import { NATURE_ETAPE, NATURE_LABELS } from '#shared/planning'

class PlanningRefused extends TransitionException {}

/** A visit refused for a business reason: a French 422 (TransitionException). */
export function refusePlanning(message: string): never {
  throw new PlanningRefused(message)
}

function refuse(message: string): never {
  return refusePlanning(message)
}

/** What a visit is for: its commande step or request, with its client and address. */
type Source = {
  clientId: number | null
  devisId: number | null
  commandeId: number | null
  etape: Etape | null
  demandeId: number | null
  titre: string
  adresse: string | null
  latitude: number | null
  longitude: number | null
}

export async function clientFacts(client: QueryClientContract, clientId: number) {
  const row = await client
    .from('clients')
    .where('id_client', clientId)
    .select(
      'id_client',
      'nom',
      'prenom',
      'societe',
      'chantier_rue',
      'chantier_code_postal',
      'chantier_localite',
      'chantier_lat',
      'chantier_lng',
      'facturation_rue',
      'facturation_code_postal',
      'facturation_localite'
    )
    .first()
  if (!row) refuse('Ce client n’existe pas.')
  const chantier = [row.chantier_rue, [row.chantier_code_postal, row.chantier_localite].join(' ')]
  const facturation = [
    row.facturation_rue,
    [row.facturation_code_postal, row.facturation_localite].join(' '),
  ]
  const adresse = (row.chantier_rue ? chantier : facturation)
    .map((s) => String(s ?? '').trim())
    .filter(Boolean)
    .join(', ')
  return {
    id: Number(row.id_client),
    nom: clientNom(row),
    adresse: adresse || null,
    latitude: row.chantier_rue && row.chantier_lat !== null ? Number(row.chantier_lat) : null,
    longitude: row.chantier_rue && row.chantier_lng !== null ? Number(row.chantier_lng) : null,
  }
}

export async function resolveSource(
  trx: TransactionClientContract,
  input: PlanificationInput,
  currentId: number | null
): Promise<Source> {
  const etape = NATURE_ETAPE[input.nature] ?? null
  if (etape) {
    if (!input.commandeId)
      refuse(`Un ${NATURE_LABELS[input.nature].toLowerCase()} se planifie pour une commande.`)
    const commande = await trx
      .from('commandes')
      .where('id', input.commandeId)
      .select('id', 'numero', 'client_id', 'client_nom', 'statut')
      .first()
    if (!commande) refuse('Cette commande n’existe pas.')
    if (commande.statut === 'annulee') refuse('La commande est annulée.')
    if (commande.statut === 'terminee') refuse('La commande est terminée.')
    const client = await clientFacts(trx, Number(commande.client_id))
    return {
      clientId: client.id,
      devisId: null,
      commandeId: commande.id,
      etape,
      demandeId: null,
      titre: `${NATURE_LABELS[input.nature]} ${commande.numero} — ${commande.client_nom || client.nom}`,
      adresse: client.adresse,
      latitude: client.latitude,
      longitude: client.longitude,
    }
  }
  if (input.demandeId) {
    const demande = await trx
      .from('planning_demandes')
      .where('id', input.demandeId)
      .forUpdate()
      .first()
    if (!demande) refuse('Cette demande n’existe pas.')
    if (demande.type !== input.type || demande.nature !== input.nature) {
      refuse('Cette demande n’est pas de cette nature.')
    }
    const mine = currentId
      ? await trx
          .from('planifications')
          .where({ id: currentId, demande_id: demande.id })
          .select('id')
          .first()
      : null
    if (demande.statut !== 'ouverte' && !mine)
      refuse('Cette demande est déjà planifiée ou annulée.')
    const client = demande.client_id ? await clientFacts(trx, Number(demande.client_id)) : null
    return {
      clientId: client?.id ?? null,
      devisId: demande.devis_id,
      commandeId: demande.commande_id,
      etape: null,
      demandeId: demande.id,
      titre: demande.titre,
      adresse: demande.adresse ?? client?.adresse ?? null,
      latitude: demande.latitude ?? client?.latitude ?? null,
      longitude: demande.longitude ?? client?.longitude ?? null,
    }
  }
  const client = input.clientId ? await clientFacts(trx, input.clientId) : null
  if (input.devisId) {
    const devis = await trx.from('devis').where('id', input.devisId).select('client_id').first()
    if (!devis) refuse('Ce devis n’existe pas.')
    if (client && Number(devis.client_id) !== client.id) refuse('Ce devis est d’un autre client.')
  }
  let commandeId: number | null = null
  if (input.commandeId) {
    const commande = await trx.from('commandes').where('id', input.commandeId).select('id').first()
    if (!commande) refuse('Cette commande n’existe pas.')
    commandeId = commande.id
  }
  if (!client && !input.titre?.trim()) refuse('Indiquez le client ou un titre.')
  return {
    clientId: client?.id ?? null,
    devisId: input.devisId ?? null,
    commandeId,
    etape: null,
    demandeId: null,
    titre: `${NATURE_LABELS[input.nature]}${client ? ` — ${client.nom}` : ''}`,
    adresse: client?.adresse ?? null,
    latitude: client?.latitude ?? null,
    longitude: client?.longitude ?? null,
  }
}
