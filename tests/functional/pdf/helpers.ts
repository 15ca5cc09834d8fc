/*
 * Documents made directly through the models (tests/functional/document_helpers.ts), not through
 * the editor, so the PDF tests depend only on the stored shape: a devis with its lines and the
 * totals of shared/totals.ts, its esi société, an earlier version in devis_revisions.
 */
import { DateTime } from 'luxon'
import type Devis from '#models/devis'
import DevisRevision from '#models/devis_revision'
import type Client from '#models/client'
import type Societe from '#models/societe'
import { ClientFactory } from '#database/factories/client_factory'
import { SocieteFactory } from '#database/factories/societe_factory'
import { totalsOf } from '#services/documents/lignes'
import { autre, insertDevis, produit } from '#tests/functional/document_helpers'
import { clientDisplayName } from '#shared/clients'
import type { LigneData } from '#shared/devis'
import type { Totals } from '#shared/totals'

export { autre, produit }

/** Our company as the documents print it. */
export async function makeEsiSociete(overrides: Partial<Societe> = {}) {
  return SocieteFactory.merge({
    nom: 'ESI Châssis',
    type: 'esi',
    formeJuridique: 'SRL',
    numeroTva: 'BE0123456749',
    rpm: 'Liège, division Namur',
    adresse: 'Rue de l’Industrie 4',
    codePostal: '5000',
    localite: 'Namur',
    email: 'info@esi.test',
    telephone: '081 00 00 00',
    iban: 'BE71096123456769',
    bic: 'GKCCBEBB',
    ...overrides,
  }).create()
}

export type MadeDevis = { devis: Devis; client: Client; totals: Totals; lignes: LigneData[] }

export async function makeDevis(
  options: {
    lignes?: LigneData[]
    client?: Client
    numero?: string | null
    statut?: Devis['statut']
    remiseGlobalePct?: string
    acomptePct?: string
    commercialId?: number | null
  } = {}
): Promise<MadeDevis> {
  const client = options.client ?? (await ClientFactory.create())
  const lignes = options.lignes ?? [produit('Châssis PVC 120 × 140', 123456, 21, '2')]
  const numero = options.numero === undefined ? null : options.numero
  const { devis, totals } = await insertDevis(
    {
      numero,
      clientId: client.idClient,
      clientNom: clientDisplayName(client),
      commercialId: options.commercialId ?? null,
      dateDevis: DateTime.fromISO('2026-03-10'),
      valableJusquAu: DateTime.fromISO('2026-04-09'),
      objet: 'Remplacement des châssis',
      adresseChantier: 'Rue du Pont 1, 5000 Namur',
      acomptePct: options.acomptePct ?? '30',
      intro: 'Madame, Monsieur, voici notre proposition.',
      conditions: 'Paiement à 30 jours fin de mois.',
      remiseGlobalePct: options.remiseGlobalePct ?? '0',
      statut: options.statut ?? (numero ? 'envoye' : 'brouillon'),
    },
    lignes
  )
  return { devis, client, totals, lignes }
}

/** An earlier version frozen in devis_revisions (the snapshot shape of COMMON.md). */
export async function makeRevision(made: MadeDevis, revision: number, lignes: LigneData[]) {
  const totals = totalsOf(lignes, '0', '30')
  await DevisRevision.create({
    devisId: made.devis.id,
    revision,
    snapshot: {
      header: {
        numero: made.devis.numero,
        revision,
        date_devis: '2026-02-01',
        valable_jusqu_au: '2026-03-03',
        objet: 'Première version',
        adresse_chantier: null,
        client_id: made.client.idClient,
        client_nom: clientDisplayName(made.client),
        commercial_id: null,
        intro: null,
        conditions: null,
        remise_globale_pct: '0',
        acompte_pct: '30',
        statut: 'envoye',
        envoye_le: '2026-02-01T10:00:00.000+01:00',
      },
      lignes: lignes.map((l, i) => ({ ...l, total_ht: totals.lignes[i].total_ht })),
      totals,
    },
  })
  return totals
}
