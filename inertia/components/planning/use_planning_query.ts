/*
 * The calendar page's view, date and filters (issue 13 §1): kept in the state and written into
 * the URL without a visit to the server.
 */
import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { route } from '../../lib/route.js'
import {
  planningQueryString,
  type Nature,
  type PlanningQuery,
  type PlanningType,
  type Vue,
} from '@shared/planning'
import { isPhone } from './calendar_options.js'

export function usePlanningQuery(initial: PlanningQuery) {
  const [query, setQuery] = useState<PlanningQuery>(() => {
    // A phone shows one day unless the link asks for a view
    const askedVue =
      typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('vue')
    return !askedVue && isPhone() ? { ...initial, vue: 'jour' } : initial
  })

  function setVue(vue: Vue) {
    setQuery((q) => ({ ...q, vue }))
  }

  function togglePersonne(id: number) {
    setQuery((q) => ({
      ...q,
      personnes: q.personnes.includes(id)
        ? q.personnes.filter((p) => p !== id)
        : [...q.personnes, id],
    }))
  }

  function toggleNature(n: Nature) {
    setQuery((q) => ({
      ...q,
      natures: q.natures.includes(n) ? q.natures.filter((x) => x !== n) : [...q.natures, n],
    }))
  }

  return { query, setQuery, setVue, togglePersonne, toggleNature }
}

/** The state in the URL, without a visit to the server. */
export function usePlanningUrl(type: PlanningType, query: PlanningQuery, today: string) {
  useEffect(() => {
    const url = route(
      type === 'com' ? 'esi.planning.com' : 'esi.planning.tec',
      {},
      planningQueryString(query, today)
    )
    if (url === `${window.location.pathname}${window.location.search}`) return
    router.replace({
      url,
      preserveScroll: true,
      preserveState: true,
      props: (p) => ({ ...p, query, visite: null }),
    })
  }, [query, today, type])
}
