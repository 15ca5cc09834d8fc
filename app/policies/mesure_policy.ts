import SalesPolicy from '#policies/sales_policy'

/** The measurement sheet (issue 12 §2): staff only, like every step of a commande. */
export default class MesurePolicy extends SalesPolicy {}
