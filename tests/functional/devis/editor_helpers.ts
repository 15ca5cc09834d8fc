/*
 * Helpers of the devis editor and life-cycle tests (H1): a client with an e-mail, products, the
 * body the editor posts, and requests as a page visit (Inertia) or a JSON call.
 */
import type User from '#models/user'
import { systemActor } from '#services/actor'
import type Client from '#models/client'
import type Produit from '#models/produit'
import Devis from '#models/devis'
import { ClientFactory } from '#database/factories/client_factory'
import { ProduitFactory } from '#database/factories/produit_factory'
import { createDevis } from '#services/devis/devis_service'
import { today } from '#services/documents/numbering'
import { toLigneData } from '#validators/lignes'
import type { LigneForm } from '#shared/devis'

export function ligne(overrides: Partial<LigneForm> = {}): LigneForm {
  return {
    type: 'produit',
    produit_id: null,
    designation: 'Châssis PVC 120 × 140',
    quantite: '2',
    unite: 'piece',
    prix_unitaire_ht: '1 234,56',
    remise_pct: '0',
    taux_tva: 21,
    ...overrides,
  }
}

export function devisBody(client: Client, overrides: Record<string, unknown> = {}) {
  return {
    client_id: client.idClient,
    date_devis: '2026-03-10',
    valable_jusqu_au: '2026-04-09',
    objet: 'Remplacement de 3 châssis',
    adresse_chantier: 'Rue de Fer 12, 5000 Namur',
    remise_globale_pct: '0',
    acompte_pct: '30',
    intro: 'Madame, Monsieur,',
    conditions: 'Conditions générales.',
    lignes: [
      ligne({
        type: 'section',
        designation: 'Rez-de-chaussée',
        quantite: '',
        prix_unitaire_ht: '',
      }),
      ligne(),
      ligne({
        designation: 'Porte d’entrée',
        quantite: '1',
        prix_unitaire_ht: '2 500',
        taux_tva: 6,
      }),
      ligne({ type: 'sous_total', designation: '', quantite: '', prix_unitaire_ht: '' }),
      ligne({ type: 'texte', designation: 'Pose comprise.', quantite: '', prix_unitaire_ht: '' }),
    ],
    ...overrides,
  }
}

export async function makeClient(overrides: Partial<Client> = {}) {
  return ClientFactory.merge(overrides).create()
}

export async function makeProduit(overrides: Partial<Produit> = {}) {
  return ProduitFactory.merge(overrides).create()
}

/** A devis made through the service (as the editor would), with produit lines. */
export async function makeDevis(user: User, client?: Client, lignes: LigneForm[] = [ligne()]) {
  const c = client ?? (await makeClient())
  return createDevis(
    systemActor(),
    {
      client_id: c.idClient,
      objet: 'Devis de test',
      date_devis: today(),
      lignes: lignes.map((l) =>
        toLigneData({
          ...l,
          prix_unitaire_ht: Number(l.prix_unitaire_ht.replace(/\s/g, '').replace(',', '.')) * 100,
          quantite: l.quantite.replace(',', '.'),
          remise_pct: l.remise_pct.replace(',', '.'),
        } as any)
      ),
      intro: null,
      conditions: null,
    },
    { userId: user.id }
  )
}

/** A page visit (Inertia), no redirect followed. */
export function visit(request: any, user: User) {
  return request.loginAs(user).withCsrfToken().withInertia().redirects(0)
}

/** A JSON call (XHR). */
export function api(request: any, user: User) {
  return request
    .loginAs(user)
    .withCsrfToken()
    .header('X-Requested-With', 'XMLHttpRequest')
    .header('Accept', 'application/json')
}

export async function reload(devis: Devis) {
  return Devis.findOrFail(devis.id)
}

/** One column of the stored devis (fresh from the database). */
export async function devisField<K extends keyof Devis>(id: number, key: K): Promise<Devis[K]> {
  const devis = await Devis.findOrFail(id)
  return devis[key]
}

/** An object without some keys (a body missing fields). */
export function without<T extends Record<string, unknown>>(object: T, ...keys: string[]) {
  return Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)))
}
