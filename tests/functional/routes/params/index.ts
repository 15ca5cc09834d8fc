/*
 * Route parameters of the per-domain routes, for the route × role matrix: each domain adds a
 * provider that makes, for the visiting user, a record he may see (his own data), so the
 * matrix checks the area rules and not a missing record. Add one line per domain file below.
 */
import type User from '#models/user'
import { texteParams } from '#tests/functional/routes/params/textes'
import { societeParams } from '#tests/functional/routes/params/societes'
import { contactParams } from '#tests/functional/routes/params/contacts'
import { clientParams } from '#tests/functional/routes/params/clients'
import { produitParams } from '#tests/functional/routes/params/produits'
import { devisParams } from '#tests/functional/routes/params/devis'
import { bdcParams } from '#tests/functional/routes/params/bdc'
import { offresParams } from '#tests/functional/routes/params/offres'
import { paiementParams } from '#tests/functional/routes/params/paiement'
import { documentParams } from '#tests/functional/routes/params/documents'
import { factureParams } from '#tests/functional/routes/params/factures'
import { paiementsParams } from '#tests/functional/routes/params/paiements'
import { creanceParams } from '#tests/functional/routes/params/creances'
import { relanceParams } from '#tests/functional/routes/params/relances'
import { releveParams } from '#tests/functional/routes/params/releves'
import { mesurageParams } from '#tests/functional/routes/params/mesurage'
import { receptionParams } from '#tests/functional/routes/params/receptions'
import { commandeEtapesParams } from '#tests/functional/routes/params/commande_etapes'
import { commandeFichierParams } from '#tests/functional/routes/params/commande_fichiers'
import { commandeFournisseurParams } from '#tests/functional/routes/params/commandes_fournisseur'
import { avenantParams } from '#tests/functional/routes/params/avenants'
import { planningParams } from '#tests/functional/routes/params/planning'
import { planningJourneeParams } from '#tests/functional/routes/params/planning_journee'
import { planningCalendarParams } from '#tests/functional/routes/params/planning_calendar'
import { planningRessourcesParams } from '#tests/functional/routes/params/planning_ressources'
import { realisationParams } from '#tests/functional/routes/params/realisations'
import { devisSignatureParams } from '#tests/functional/routes/params/devis_signature'
import { partenaireParams } from '#tests/functional/routes/params/partenaires'
import { archiveParams } from '#tests/functional/routes/params/archive'

export interface RouteRef {
  name?: string
  pattern: string
}

export interface ParamProvider {
  /** True when this provider knows the parameters of the route. */
  matches: (route: RouteRef) => boolean
  /** The values of the route's parameters; `user` is null for a guest visit. */
  params: (route: RouteRef, user: User | null) => Promise<Record<string, string | number>>
  /** The whole URL to visit (path + query), for signed links whose query carries the signature. */
  url?: (route: RouteRef, user: User | null) => Promise<string>
}

export const DOMAIN_PARAMS: ParamProvider[] = [
  // ...societeParams, ...clientParams (one spread per domain file)
  ...texteParams,
  ...societeParams,
  ...contactParams,
  ...clientParams,
  ...produitParams,
  ...devisParams,
  ...bdcParams,
  ...offresParams,
  ...paiementParams,
  ...documentParams,
  ...factureParams,
  ...paiementsParams,
  ...creanceParams,
  ...relanceParams,
  ...releveParams,
  ...mesurageParams,
  ...receptionParams,
  ...commandeEtapesParams,
  ...commandeFichierParams,
  ...commandeFournisseurParams,
  ...avenantParams,
  ...planningParams,
  ...planningJourneeParams,
  ...planningCalendarParams,
  ...planningRessourcesParams,
  ...realisationParams,
  ...devisSignatureParams,
  ...partenaireParams,
  ...archiveParams,
]
