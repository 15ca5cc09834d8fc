import SalesPolicy from '#policies/sales_policy'

/**
 * The planning (issue 13): staff only — every visit, request and resource of both plannings;
 * the ICS feed is reached by its secret token, not by a session.
 */
export default class PlanificationPolicy extends SalesPolicy {}
