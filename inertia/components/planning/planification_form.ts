/*
 * The PlanificationModal's form (issue 13 §3): what opens it, the visit's fields as typed, filled
 * from a slot or a waiting item or from the visit, and the server's refusal as field messages.
 */
import { HttpError } from '../../lib/http.js'
import { addMinutes, brusselsWallTime, minutesBetween } from '../../lib/planning_time.js'
import {
  NATURE_DUREE_MINUTES,
  NATURE_ETAPE,
  type AttenteItem,
  type Nature,
  type PlanificationDto,
} from '@shared/planning'
import type { DevisClientOption } from '@shared/devis_editor'

export type ModalInit =
  | { mode: 'create'; debut: string; fin: string; personnes: number[]; item?: AttenteItem }
  | { mode: 'edit'; id: number }

export type Details = {
  visite: PlanificationDto
  liens: { label: string; href: string; icon: string }[]
  articles: {
    designation: string
    quantite: number | null
    unite: string | null
    dimensions: string | null
    repere: string | null
  }[]
}

export type Form = {
  nature: Nature
  client: DevisClientOption | null
  /** The waiting item (commande step or request) this visit plans. */
  cle: string
  titre: string
  personnes: number[]
  dateDebut: string
  heureDebut: string
  dateFin: string
  heureFin: string
  adresse: string
  latitude: string
  longitude: string
  notes: string
}

export function split(wall: string): [string, string] {
  const [d, t] = wall.split('T')
  return [d, t.slice(0, 5)]
}

export function formFromInit(
  init: Extract<ModalInit, { mode: 'create' }>,
  natures: Nature[],
  attente: AttenteItem[]
): Form {
  const [dateDebut, heureDebut] = split(init.debut)
  const [dateFin, heureFin] = split(init.fin)
  const item = init.item
  const nature = item?.nature ?? natures[0]
  return {
    nature,
    client: item?.client
      ? {
          id: item.client.id,
          nom: item.client.nom,
          detail: null,
          email: null,
          adresse_chantier: null,
        }
      : null,
    cle:
      item?.cle ??
      (NATURE_ETAPE[nature] ? (attente.find((a) => a.nature === nature)?.cle ?? '') : ''),
    titre: '',
    personnes: init.personnes,
    dateDebut,
    heureDebut,
    dateFin,
    heureFin,
    adresse: item?.adresse ?? '',
    latitude: item?.latitude === null || item?.latitude === undefined ? '' : String(item.latitude),
    longitude:
      item?.longitude === null || item?.longitude === undefined ? '' : String(item.longitude),
    notes: '',
  }
}

export function formFromVisite(v: PlanificationDto): Form {
  const [dateDebut, heureDebut] = split(brusselsWallTime(v.debut))
  const [dateFin, heureFin] = split(brusselsWallTime(v.fin))
  return {
    nature: v.nature,
    client: v.client
      ? {
          id: v.client.id,
          nom: v.client.nom,
          detail: v.client.telephone,
          email: null,
          adresse_chantier: null,
        }
      : null,
    cle: '',
    titre: v.titre,
    personnes: v.personnes,
    dateDebut,
    heureDebut,
    dateFin,
    heureFin,
    adresse: v.adresse ?? '',
    latitude: v.latitude === null ? '' : String(v.latitude),
    longitude: v.longitude === null ? '' : String(v.longitude),
    notes: v.notes ?? '',
  }
}

export const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')))
export const text = (s: string) => (s.trim() === '' ? null : s.trim())

/** A refusal as messages by field (the first of each) and the sentence above the form. */
export function refusalOf(error: unknown): { errors: Record<string, string>; message: string } {
  if (error instanceof HttpError) {
    const body = error.body as {
      message?: string
      errors?: { field: string; message: string }[] | Record<string, string>
    } | null
    const list = body?.errors
    const byField: Record<string, string> = {}
    if (Array.isArray(list)) {
      for (const e of list) byField[e.field.split('.')[0]] ??= e.message
    } else if (list) {
      Object.assign(byField, list)
    }
    return {
      errors: byField,
      message:
        body?.message ??
        (Object.keys(byField).length ? 'Certains champs sont invalides : corrigez-les.' : null) ??
        'Une erreur est survenue : réessayez.',
    }
  }
  return { errors: {}, message: 'Le serveur ne répond pas : réessayez.' }
}

/**
 * Another nature. A new visit opened on a slot (no waiting item chosen) also takes that nature's
 * first waiting step and its usual length.
 */
export function withNature(f: Form, nature: Nature, attente: AttenteItem[], fromSlot: boolean) {
  const next = { ...f, nature }
  if (fromSlot) {
    next.cle = NATURE_ETAPE[nature] ? (attente.find((a) => a.nature === nature)?.cle ?? '') : ''
    // A new visit of another nature takes that nature's usual length
    const [dateFin, heureFin] = split(
      addMinutes(`${f.dateDebut}T${f.heureDebut}`, NATURE_DUREE_MINUTES[nature])
    )
    next.dateFin = dateFin
    next.heureFin = heureFin
  }
  return next
}

/** The commande step chosen: its address and coordinates when it has them. */
export function withItem(f: Form, cle: string, attente: AttenteItem[]): Form {
  const chosen = attente.find((a) => a.cle === cle)
  return {
    ...f,
    cle,
    adresse: chosen?.adresse ?? f.adresse,
    latitude: chosen?.latitude === null || !chosen ? f.latitude : String(chosen.latitude),
    longitude: chosen?.longitude === null || !chosen ? f.longitude : String(chosen.longitude),
  }
}

export function withPersonne(f: Form, id: number): Form {
  return {
    ...f,
    personnes: f.personnes.includes(id)
      ? f.personnes.filter((p) => p !== id)
      : [...f.personnes, id],
  }
}

/** What the browser refuses before asking the server (the same French messages). */
export function localErrors(form: Form, missingItem: boolean): Record<string, string> {
  const debut = `${form.dateDebut}T${form.heureDebut}`
  const fin = `${form.dateFin}T${form.heureFin}`
  const local: Record<string, string> = {}
  if (!form.dateDebut || !form.heureDebut) local.debut = 'Indiquez le début (date et heure).'
  if (!form.dateFin || !form.heureFin) local.fin = 'Indiquez la fin (date et heure).'
  else if (!local.debut && minutesBetween(debut, fin) <= 0)
    local.fin = 'La fin doit suivre le début.'
  if (!form.personnes.length) local.personnes = 'Choisissez au moins une personne.'
  if (missingItem && NATURE_ETAPE[form.nature])
    local.commande_id = 'Choisissez la commande dont l’étape se planifie.'
  return local
}
