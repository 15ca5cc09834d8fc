/*
 * Issue 13 §C — the technician's day, the ICS feed (helper C).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

void router
void esiStack
