import SalesPolicy from '#policies/sales_policy'

/** Commandes: staff only (their steps come next, with their own rules here). */
export default class CommandePolicy extends SalesPolicy {}
