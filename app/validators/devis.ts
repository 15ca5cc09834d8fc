/*
 * The devis editor's body (start/routes/devis.ts): header fields and lines (app/validators/lignes.ts),
 * French messages keyed like the fields (`lignes.3.quantite`) so the editor shows each one on
 * its cell. Mass-assignment safe: statut, numero, totals are not in the schema, and lock_version
 * is only read for the optimistic check.
 */
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { messages, fields } from '#start/validator'
import db from '@adonisjs/lucid/services/db'
import { preparedQuery } from '#services/prepared_query'
import {
  bodyProduitIds,
  knownId,
  type KnownIds,
  LIGNE_MESSAGES,
  lignesContentErrors,
  lignesSchema,
  pctField,
  throwFieldErrors,
  toLigneData,
} from '#validators/lignes'
import type { LigneData } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'
import { parseId } from '#services/route_params'
import type { ClientNameColumns } from '#services/devis/devis_draft_save'

export const DEVIS_TEXT_MAX = 20_000

export const DEVIS_MESSAGES = {
  ...messages,
  ...LIGNE_MESSAGES,
  'client_id.required': 'Choisissez un client.',
  'client_id.number': 'Choisissez un client.',
  'client_id.database.exists': 'Ce client n’existe pas (ou plus) : choisissez-en un autre.',
  'commercial_id.number': 'Choisissez un commercial.',
  'commercial_id.database.exists': 'Le commercial doit être un membre du personnel.',
  'date_devis.regex': 'Date invalide (jj/mm/aaaa).',
  'valable_jusqu_au.regex': 'Date invalide (jj/mm/aaaa).',
  'objet.required': 'Saisissez l’objet du devis.',
  'objet.maxLength': 'L’objet ne peut pas dépasser {{ max }} caractères.',
  'adresse_chantier.maxLength': 'L’adresse du chantier ne peut pas dépasser {{ max }} caractères.',
  'intro.maxLength': 'L’introduction ne peut pas dépasser {{ max }} caractères.',
  'conditions.maxLength': 'Les conditions ne peuvent pas dépasser {{ max }} caractères.',
  'lock_version.required': 'Version du devis manquante : rechargez la page.',
  'lock_version.number': 'Version du devis invalide : rechargez la page.',
}

export const DEVIS_ERRORS = {
  dateInvalide: 'Date invalide (jj/mm/aaaa).',
  validiteAvantDate: 'La date de validité ne peut pas précéder la date du devis.',
}

export const devisMessagesProvider = () =>
  new SimpleMessagesProvider(DEVIS_MESSAGES, {
    ...fields,
    objet: 'objet',
    client_id: 'client',
  })

/** A day as the editor sends it (the fast path of devis_fast.ts checks the same). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()

/** What a devis body names, looked up before its validation (devisReferences). */
export type DevisReferences = {
  /** The devis of the URL exists (false when none was given: a new devis). */
  devis: boolean
  /** Its statut when it exists. */
  devisStatut: string | null
  /** The name columns of the client the body names, when he exists (the one-statement save). */
  client: ClientNameColumns | null
  clients: KnownIds
  commerciaux: KnownIds
  produits: KnownIds
}

const knownIds = (asked: (number | null)[], found: (number | null)[]): KnownIds => ({
  asked: new Set(asked.filter((id): id is number => id !== null)),
  found: new Set(found.filter((id): id is number => id !== null)),
})

/**
 * The devis, client, commercial and produits a body names, in one statement before validation
 * (decision 671): they were four (the devis, then each existence check of the validator). The
 * validator's rules and lignesContentErrors read the answer, and still query for a value they
 * read differently (a typed id this lenient reading did not take): same rules, same messages.
 */
export async function devisReferences(
  devisId: number | null,
  body: Record<string, unknown>
): Promise<DevisReferences> {
  const clientId = parseId(body.client_id, 'bigint')
  const commercialId = parseId(body.commercial_id)
  const produitIds = bodyProduitIds(body.lignes)
  const {
    rows: [row],
  } = await preparedQuery(
    db.connection(),
    `SELECT (SELECT statut FROM devis WHERE id = ?) AS devis_statut,
       (SELECT json_build_array(type, civilite, nom, prenom, societe)
          FROM clients WHERE id_client = ?) AS client,
       EXISTS (SELECT 1 FROM users WHERE id = ? AND role = 'esi') AS commercial,
       ARRAY(SELECT id FROM produits WHERE id = ANY(?::int[])) AS produits`,
    [devisId ?? 0, clientId ?? 0, commercialId ?? 0, produitIds]
  )
  const client = row.client as [string, string | null, string, string | null, string | null] | null
  return {
    devis: devisId !== null && row.devis_statut !== null,
    devisStatut: devisId !== null ? row.devis_statut : null,
    client: client
      ? {
          type: client[0],
          civilite: client[1],
          nom: client[2],
          prenom: client[3],
          societe: client[4],
        }
      : null,
    clients: knownIds([clientId], [client ? clientId : null]),
    commerciaux: knownIds([commercialId], [row.commercial ? commercialId : null]),
    produits: knownIds(produitIds, (row.produits as number[]).map(Number)),
  }
}

type Meta = { references?: DevisReferences }

const header = {
  client_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .exists(
      async (query, value, field) =>
        knownId((field.meta as Meta).references?.clients, value) ??
        Boolean(await query.from('clients').where('id_client', value).first())
    ),
  commercial_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(2_147_483_647)
    .exists(
      async (query, value, field) =>
        knownId((field.meta as Meta).references?.commerciaux, value) ??
        Boolean(await query.from('users').where({ id: value, role: 'esi' }).first())
    )
    .nullable()
    .optional(),
  date_devis: vine.string().trim().regex(ISO_DATE).optional(),
  valable_jusqu_au: vine.string().trim().regex(ISO_DATE).optional(),
  objet: vine.string().trim().minLength(1).maxLength(200),
  adresse_chantier: optionalText(300),
  remise_globale_pct: pctField().optional(),
  acompte_pct: pctField().optional(),
  intro: optionalText(DEVIS_TEXT_MAX),
  conditions: optionalText(DEVIS_TEXT_MAX),
  lignes: lignesSchema().optional(),
}

export const devisCreateValidator = vine.withMetaData<Meta>().create(header)
export const devisUpdateValidator = vine.withMetaData<Meta>().create({
  ...header,
  lock_version: vine.number().withoutDecimals().min(0),
})

export type DevisCreateValidated = Infer<typeof devisCreateValidator>
export type DevisUpdateValidated = Infer<typeof devisUpdateValidator>

/** What the service takes: validated, lines as LigneData (cents), dates as DateTime. */
export type DevisInput = {
  client_id: number
  commercial_id?: number | null
  date_devis?: DateTime
  valable_jusqu_au?: DateTime
  objet: string
  adresse_chantier?: string | null
  remise_globale_pct?: string
  acompte_pct?: string
  /** undefined: not sent (the create defaults apply); null or '' clears it. */
  intro?: string | null
  conditions?: string | null
  lignes: LigneData[]
}

/**
 * The checks VineJS cannot do alone (real calendar dates, their order, the per-type line rules):
 * thrown as a VineJS validation error so every caller (Inertia form, JSON) gets the same answer.
 */
export async function toDevisInput(
  data: DevisCreateValidated,
  references?: DevisReferences
): Promise<DevisInput> {
  const errors: Record<string, string> = {}
  const date = (key: 'date_devis' | 'valable_jusqu_au') => {
    const value = data[key]
    if (value === undefined || value === '') return undefined
    const parsed = DateTime.fromISO(value, { zone: TIME_ZONE })
    if (!parsed.isValid || parsed.year < 2000 || parsed.year > 2100) {
      errors[key] = DEVIS_ERRORS.dateInvalide
      return undefined
    }
    return parsed
  }
  const dateDevis = date('date_devis')
  const valable = date('valable_jusqu_au')
  if (dateDevis && valable && valable < dateDevis) {
    errors.valable_jusqu_au = DEVIS_ERRORS.validiteAvantDate
  }
  const lignes = data.lignes ?? []
  Object.assign(
    errors,
    await lignesContentErrors(
      lignes,
      undefined,
      data.remise_globale_pct ?? null,
      references?.produits
    )
  )
  throwFieldErrors(errors, 'devis')
  return {
    client_id: data.client_id,
    commercial_id: data.commercial_id,
    date_devis: dateDevis,
    valable_jusqu_au: valable,
    objet: data.objet,
    adresse_chantier: data.adresse_chantier,
    remise_globale_pct: data.remise_globale_pct,
    acompte_pct: data.acompte_pct,
    intro: data.intro,
    conditions: data.conditions,
    lignes: lignes.map(toLigneData),
  }
}
