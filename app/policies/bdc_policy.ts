import SalesPolicy from '#policies/sales_policy'

/** Bons de commande: staff read, sign and cancel them (the signature file included). */
export default class BdcPolicy extends SalesPolicy {}
