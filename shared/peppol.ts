/*
 * Sending a facture through the Peppol access point (issue 11 §5, decision 279): what the
 * facture's page shows — whether « Envoyer via Peppol » is offered, and the sending once done.
 */
export const PEPPOL_ADAPTER_LABELS: Record<string, string> = {
  directory: 'dossier du point d’accès',
  http: 'point d’accès (HTTP)',
}

export type PeppolEnvoiItem = {
  adapter: string
  /** ISO instant */
  envoye_le: string
  envoye_par: string | null
  message_id: string | null
}

export type FacturePeppol = { disponible: boolean; envoi: PeppolEnvoiItem | null }
