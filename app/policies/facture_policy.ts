import SalesPolicy from '#policies/sales_policy'

/**
 * Factures (issue 11): staff read, create, issue them and delete a draft; anyone else 403 (a
 * second wall behind the esi area, like the other sales documents).
 */
export default class FacturePolicy extends SalesPolicy {}
