import StaffResourcePolicy from '#policies/staff_resource_policy'

/**
 * Clients (DESIGN.md §2, §4): staff only, behind the esi area as well (both, never one alone);
 * deleting one is for staff with the admin droit.
 */
export default class ClientPolicy extends StaffResourcePolicy {}
