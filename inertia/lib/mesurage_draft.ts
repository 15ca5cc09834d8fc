/*
 * The measurement sheet's offline draft (issue 12 §2, decision 334): pure functions, no I/O.
 * The draft is the server's rows with what was typed on top; every change gives its row a new
 * revision in `pending` (or marks it deleted), and is kept in IndexedDB as typed. A sync sends
 * the pending rows whole (with the revisions sent); when the server answers, only the entries
 * whose revision did not move since are cleared, so a change typed during the request stays
 * pending and is sent next. Nothing typed is ever dropped, nothing sent twice makes two rows
 * (the server upserts by client_uuid).
 */

export type DraftReference = {
  largeur_mm?: number | null
  hauteur_mm?: number | null
  couleur?: string | null
  vitrage?: string | null
  sens_ouverture?: string | null
  quantite?: number | null
}

export type DraftEcart = { champ: string; devis: string; mesure: string; message: string }

/** A row as the page edits it: numbers as typed (strings). */
export type DraftRow = {
  client_uuid: string
  /** The server's id once the row is there (photos attach to it); null before. */
  server_id: number | null
  bdc_ligne_id: number | null
  repere: string
  designation: string
  largeur_mm: string
  hauteur_mm: string
  sens_ouverture: string
  couleur: string
  vitrage: string
  quantite: string
  remarques: string
  reference: DraftReference
  ecarts: DraftEcart[]
}

/** A row as the server sends it. */
export type ServerRow = {
  id?: number
  client_uuid: string
  bdc_ligne_id: number | null
  position: number
  repere: string
  designation: string
  largeur_mm: number | null
  hauteur_mm: number | null
  sens_ouverture: string | null
  couleur: string | null
  vitrage: string | null
  quantite: number
  remarques: string | null
  reference: DraftReference
  ecarts: DraftEcart[]
}

export type PendingEntry = { rev: number; deleted?: boolean }

export type Draft = {
  commandeId: number
  rows: DraftRow[]
  remarques: string
  /** uuid → the row's latest local revision (changed or deleted, not yet acknowledged). */
  pending: Record<string, PendingEntry>
  /** The sheet's remarks changed at this revision (null: nothing to send). */
  remarquesRev: number | null
  /** Whether the order of the rows changed (positions to send). */
  rev: number
}

export type SyncPayload = {
  lignes: {
    client_uuid: string
    position: number
    repere: string
    designation: string
    largeur_mm: number | null
    hauteur_mm: number | null
    sens_ouverture: string | null
    couleur: string | null
    vitrage: string | null
    quantite: number
    remarques: string | null
  }[]
  supprimees: string[]
  remarques?: string | null
}

/** What a sync sent: the revisions, to clear only what did not change since. */
export type SentMarks = { rows: Record<string, number>; remarquesRev: number | null }

const str = (v: number | string | null | undefined) =>
  v === null || v === undefined ? '' : String(v).replace('.', ',')

export function fromServer(row: ServerRow): DraftRow {
  return {
    client_uuid: row.client_uuid,
    server_id: row.id ?? null,
    bdc_ligne_id: row.bdc_ligne_id,
    repere: row.repere ?? '',
    designation: row.designation ?? '',
    largeur_mm: str(row.largeur_mm),
    hauteur_mm: str(row.hauteur_mm),
    sens_ouverture: row.sens_ouverture ?? '',
    couleur: row.couleur ?? '',
    vitrage: row.vitrage ?? '',
    quantite: str(row.quantite),
    remarques: row.remarques ?? '',
    reference: row.reference ?? {},
    ecarts: row.ecarts ?? [],
  }
}

export function emptyRow(uuid: string): DraftRow {
  return {
    client_uuid: uuid,
    server_id: null,
    bdc_ligne_id: null,
    repere: '',
    designation: '',
    largeur_mm: '',
    hauteur_mm: '',
    sens_ouverture: '',
    couleur: '',
    vitrage: '',
    quantite: '1',
    remarques: '',
    reference: {},
    ecarts: [],
  }
}

export function pendingCount(draft: Draft): number {
  return Object.keys(draft.pending).length + (draft.remarquesRev !== null ? 1 : 0)
}

/**
 * The draft to show: the server's rows with the stored draft's pending changes on top (a row
 * changed here wins over the server's, a row deleted here stays deleted, a row added here and
 * not yet sent is kept, in the stored order). Without pending changes the server is the truth.
 */
export function mergeDraft(
  commandeId: number,
  server: { lignes: ServerRow[]; remarques: string },
  stored: Draft | null
): Draft {
  const base = server.lignes.map(fromServer)
  if (!stored || stored.commandeId !== commandeId || pendingCount(stored) === 0) {
    return {
      commandeId,
      rows: base,
      remarques: server.remarques,
      pending: {},
      remarquesRev: null,
      rev: 0,
    }
  }
  const serverIds = new Set(base.map((r) => r.client_uuid))
  const rows: DraftRow[] = []
  // The stored order first (what the technician sees), server rows merged in
  for (const r of stored.rows) {
    if (stored.pending[r.client_uuid]?.deleted) continue
    if (stored.pending[r.client_uuid]) rows.push(r)
    else if (serverIds.has(r.client_uuid))
      rows.push(base.find((b) => b.client_uuid === r.client_uuid)!)
    // a row neither pending nor on the server was deleted elsewhere: dropped
  }
  for (const b of base) {
    if (stored.pending[b.client_uuid]?.deleted) continue
    if (!rows.some((r) => r.client_uuid === b.client_uuid)) rows.push(b)
  }
  return {
    commandeId,
    rows,
    remarques: stored.remarquesRev !== null ? stored.remarques : server.remarques,
    pending: { ...stored.pending },
    remarquesRev: stored.remarquesRev,
    rev: stored.rev,
  }
}

function touch(draft: Draft, uuid: string, deleted = false): Draft {
  const rev = draft.rev + 1
  return {
    ...draft,
    rev,
    pending: { ...draft.pending, [uuid]: deleted ? { rev, deleted } : { rev } },
  }
}

export function editRow(draft: Draft, uuid: string, patch: Partial<DraftRow>): Draft {
  if (!draft.rows.some((r) => r.client_uuid === uuid)) return draft
  const rows = draft.rows.map((r) => (r.client_uuid === uuid ? { ...r, ...patch } : r))
  return touch({ ...draft, rows }, uuid)
}

export function addRow(draft: Draft, uuid: string, patch: Partial<DraftRow> = {}): Draft {
  return touch({ ...draft, rows: [...draft.rows, { ...emptyRow(uuid), ...patch }] }, uuid)
}

export function removeRow(draft: Draft, uuid: string): Draft {
  if (!draft.rows.some((r) => r.client_uuid === uuid)) return draft
  return touch({ ...draft, rows: draft.rows.filter((r) => r.client_uuid !== uuid) }, uuid, true)
}

export function editRemarques(draft: Draft, remarques: string): Draft {
  const rev = draft.rev + 1
  return { ...draft, remarques, rev, remarquesRev: rev }
}

const intOrNull = (s: string) => {
  const t = s.trim().replace(/\s/g, '')
  return t === '' ? null : /^\d+$/.test(t) ? Number(t) : Number.NaN
}

/**
 * The payload of the pending changes and the marks of what it sends. Values the server would
 * refuse (« abc » in a millimetre field) are sent as typed numbers (NaN → the text), so the
 * server answers with its French message next to the field.
 */
export function buildPayload(draft: Draft): { payload: SyncPayload; sent: SentMarks } {
  const lignes: SyncPayload['lignes'] = []
  const supprimees: string[] = []
  const rows: Record<string, number> = {}
  for (const [uuid, entry] of Object.entries(draft.pending)) {
    rows[uuid] = entry.rev
    if (entry.deleted) {
      supprimees.push(uuid)
      continue
    }
    const index = draft.rows.findIndex((r) => r.client_uuid === uuid)
    if (index < 0) continue
    const r = draft.rows[index]
    const l = intOrNull(r.largeur_mm)
    const h = intOrNull(r.hauteur_mm)
    const q = Number(r.quantite.trim().replace(',', '.'))
    lignes.push({
      client_uuid: uuid,
      position: index + 1,
      repere: r.repere,
      designation: r.designation,
      largeur_mm: Number.isNaN(l) ? (r.largeur_mm as unknown as number) : l,
      hauteur_mm: Number.isNaN(h) ? (r.hauteur_mm as unknown as number) : h,
      sens_ouverture: r.sens_ouverture || null,
      couleur: r.couleur || null,
      vitrage: r.vitrage || null,
      quantite: r.quantite.trim() === '' || Number.isNaN(q) ? (r.quantite as unknown as number) : q,
      remarques: r.remarques || null,
    })
  }
  const payload: SyncPayload = { lignes, supprimees }
  if (draft.remarquesRev !== null) payload.remarques = draft.remarques || null
  return { payload, sent: { rows, remarquesRev: draft.remarquesRev } }
}

/**
 * The server took the payload: clear what it sent unless changed since, and take the server's
 * rows for every row not pending (its ecarts, its order for the others).
 */
export function acknowledge(draft: Draft, sent: SentMarks, serverRows: ServerRow[]): Draft {
  const pending: Record<string, PendingEntry> = {}
  for (const [uuid, entry] of Object.entries(draft.pending)) {
    if (sent.rows[uuid] !== entry.rev) pending[uuid] = entry
  }
  const remarquesRev = draft.remarquesRev === sent.remarquesRev ? null : draft.remarquesRev
  const server = new Map(serverRows.map((r) => [r.client_uuid, fromServer(r)]))
  const rows: DraftRow[] = []
  for (const r of draft.rows) {
    const s = server.get(r.client_uuid)
    if (pending[r.client_uuid]) rows.push(s ? { ...r, server_id: s.server_id } : r)
    else if (s) rows.push(s)
  }
  for (const [uuid, r] of server) {
    if (!pending[uuid]?.deleted && !rows.some((x) => x.client_uuid === uuid)) rows.push(r)
  }
  return { ...draft, rows, pending, remarquesRev }
}

/** « 3 modifications pas encore envoyées », or null when everything is on the server. */
export function pendingLabel(draft: Draft): string | null {
  const n = pendingCount(draft)
  if (n === 0) return null
  return n === 1 ? '1 modification pas encore envoyée' : `${n} modifications pas encore envoyées`
}

/**
 * A 422's field errors mapped to rows: « lignes.3.largeur_mm » (index in the payload sent) or
 * « lignes.<uuid>.largeur_mm » (validation) → { uuid: { largeur_mm: message } }; the rest
 * under « _form ».
 */
export function rowErrors(
  errors: { field: string; message: string }[],
  payload: SyncPayload | null
): { rows: Record<string, Record<string, string>>; form: string[] } {
  const rows: Record<string, Record<string, string>> = {}
  const form: string[] = []
  for (const e of errors) {
    const m = /^lignes\.([^.]+)\.([a-z_]+)$/.exec(e.field)
    if (!m) {
      form.push(e.message)
      continue
    }
    const uuid = /^\d+$/.test(m[1]) ? payload?.lignes[Number(m[1])]?.client_uuid : m[1]
    if (!uuid) {
      form.push(e.message)
      continue
    }
    rows[uuid] = { ...rows[uuid], [m[2]]: e.message }
  }
  return { rows, form }
}

/** Retry delay after a failed sync: 2 s, 4 s, 8 s… up to one minute. */
export function retryDelay(attempt: number): number {
  return Math.min(60_000, 2000 * 2 ** Math.max(0, attempt))
}
