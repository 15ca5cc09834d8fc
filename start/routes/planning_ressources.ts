/*
 * Issue 13 §D — who appears in each planning, the travel time setting (helper D).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

void router
void esiStack
