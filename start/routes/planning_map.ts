/*
 * Issue 13 §B — the map of what waits and of a day's visits (helper B).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

void router
void esiStack
