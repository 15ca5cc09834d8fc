/*
 * Placing an address on the planning map (issue 13 §4): a waiting item's, a visit's or the
 * company's (the start of the routes) — the next click on the map stores its coordinates — or
 * a waiting item's found by the geocoder when one is configured. `busy` while a request runs.
 */
import { useEffect, useState, type RefObject } from 'react'
import { router } from '@inertiajs/react'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import type { PlanificationDto } from '@shared/planning'
import type { CartePlanning } from './leaflet_carte.js'
import { DEMANDE_ECHOUEE } from './carte_util.js'
import { errorMessage } from '../error_message.js'

/** What the next click places: a waiting item (`cle`, 'societe': the company) or a visit. */
export type Placement = { label: string; cle?: string; visite?: PlanificationDto }

type Options = {
  carteRef: RefObject<CartePlanning | null>
  pret: boolean
  loadAttente: () => void
  loadVisites: () => void
}

export function useCartePlacement({ carteRef, pret, loadAttente, loadVisites }: Options) {
  const [placement, setPlacement] = useState<Placement | null>(null)
  const [busy, setBusy] = useState(false)

  // Placing an address: the next click on the map stores its coordinates
  useEffect(() => {
    const carte = carteRef.current
    if (!pret || !carte) return
    if (!placement) return carte.setPlacement(null)
    carte.setPlacement(async (lat, lng) => {
      carte.setPlacement(null)
      setBusy(true)
      try {
        if (placement.visite) {
          await http.put(route('esi.planifications.update', { id: placement.visite.id }), {
            lock_version: placement.visite.lockVersion,
            latitude: lat,
            longitude: lng,
          })
          loadVisites()
        } else if (placement.cle === 'societe') {
          await http.post(route('esi.planning.carte_coordonnees'), {
            cle: 'societe',
            latitude: lat,
            longitude: lng,
          })
          router.reload({ only: ['depart'] })
        } else {
          await http.post(route('esi.planning.carte_coordonnees'), {
            cle: placement.cle,
            latitude: lat,
            longitude: lng,
          })
          loadAttente()
        }
        toast('success', `${placement.label} : placé sur la carte.`)
      } catch (error) {
        toast('error', errorMessage(error, DEMANDE_ECHOUEE))
      } finally {
        setBusy(false)
        setPlacement(null)
      }
    })
  }, [carteRef, pret, placement, loadAttente, loadVisites])

  const geocoder = async (cle: string) => {
    setBusy(true)
    try {
      await http.post(route('esi.planning.carte_geocoder'), { cle })
      loadAttente()
      toast('success', 'Adresse trouvée et placée sur la carte.')
    } catch (error) {
      toast('error', errorMessage(error, DEMANDE_ECHOUEE))
    } finally {
      setBusy(false)
    }
  }

  return { placement, setPlacement, busy, setBusy, geocoder }
}
