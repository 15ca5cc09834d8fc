import SalesPolicy from '#policies/sales_policy'

/**
 * DashboardPro and Pro (issue 14 §2): the partners' figures are the company's sales data, staff
 * only — a second wall behind the esi area, like the other sales documents; anyone else 403.
 */
export default class PartenairePolicy extends SalesPolicy {}
