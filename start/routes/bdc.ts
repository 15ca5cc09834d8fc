/* Issue 5 — bdc routes (filled by the owner of this domain). */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

void router
void esiStack
