import SalesPolicy from '#policies/sales_policy'

/**
 * Demandes de paiement: staff create, read, resend and mark them paid. The customer's page is
 * not an action of a user: its signed link is its guard (app/controllers/public/).
 */
export default class DemandePaiementPolicy extends SalesPolicy {}
