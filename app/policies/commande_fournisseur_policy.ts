import SalesPolicy from '#policies/sales_policy'

/** Supplier orders and their receipts (issue 12 §3–4): staff only, like the commandes. */
export default class CommandeFournisseurPolicy extends SalesPolicy {}
