/*
 * The devis editor (esi/devis Create and Edit): header, client, lines, texts, discount, acompte
 * and the live totals. Posted with Inertia's useForm (POST to create, PUT to save with the
 * lock_version seen); the server's French messages show on their field or cell and nothing
 * typed is lost — neither on a validation error nor on a version conflict.
 */
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { useForm } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { TextInput } from '../form/index.js'
import { SelectField } from '../clients/fields.js'
import ClientPicker from './ClientPicker.js'
import LignesTable, { withKeys } from '../lignes/LignesTable.js'
import TotalsPanel from '../lignes/TotalsPanel.js'
import { devisCatalogue } from '../lignes/catalogue.js'
import { useDocumentTotals } from '../lignes/use_document_totals.js'
import TexteModeleButton from './TexteModeleButton.js'
import { useUnsavedGuard } from './use_unsaved_guard.js'
import type {
  DevisClientOption,
  DevisFormData,
  DevisTexteOption,
  DevisUserOption,
} from '@shared/devis_editor'

export type DevisFormPayload = DevisFormData & { lock_version?: number }

export type DevisFormProps = {
  initial: DevisFormData
  client: DevisClientOption | null
  commerciaux: DevisUserOption[]
  textes: { intro: DevisTexteOption[]; conditions: DevisTexteOption[] }
  /** Edit: the devis id and the version opened; Create: absent. */
  devisId?: number
  lockVersion?: number
  readOnly?: boolean
  /** The optimistic-lock message of the last save, if any. */
  conflict?: string | null
  /** Shown above the form (e.g. "Modifier ce devis en crée une nouvelle version"). */
  notice?: ReactNode
  /** Told whether the form holds unsaved changes (the page's actions ask before leaving). */
  onDirtyChange?: (dirty: boolean) => void
  /** Label of the save button (default « Enregistrer », « Créer le devis » on Create). */
  submitLabel?: string
}

function TextArea({
  name,
  label,
  value,
  onChange,
  error,
  readOnly,
  aside,
  rows = 5,
}: {
  name: string
  label: string
  value: string
  onChange: (v: string) => void
  error?: string
  readOnly?: boolean
  aside?: ReactNode
  rows?: number
}) {
  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between align-items-end mb-1 gap-2">
        <label htmlFor={name} className="form-label mb-0">
          {label}
        </label>
        {!readOnly && aside}
      </div>
      <textarea
        id={name}
        name={name}
        rows={rows}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <div id={`${name}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  )
}

const insertInto = (current: string, text: string) =>
  current.trim() === '' ? text : `${current.replace(/\s+$/, '')}\n\n${text}`

export default function DevisForm({
  initial,
  client: initialClient,
  commerciaux,
  textes,
  devisId,
  lockVersion,
  readOnly,
  conflict: conflictProp,
  notice,
  onDirtyChange,
  submitLabel,
}: DevisFormProps) {
  const form = useForm<DevisFormPayload>({
    ...initial,
    lignes: withKeys(initial.lignes),
    ...(lockVersion !== undefined ? { lock_version: lockVersion } : {}),
  })
  const { data } = form
  const [client, setClient] = useState<DevisClientOption | null>(initialClient)
  // The conflict message arrives once (flash): kept until the page is reloaded
  const [conflict, setConflict] = useState<string | null>(conflictProp ?? null)
  const [seenConflict, setSeenConflict] = useState(conflictProp ?? null)
  if ((conflictProp ?? null) !== seenConflict) {
    setSeenConflict(conflictProp ?? null)
    if (conflictProp) setConflict(conflictProp)
  }

  const live = useDocumentTotals(data)
  const serverErrors = form.errors as Record<string, string | undefined>
  const errors = useMemo(() => ({ ...live.errors, ...serverErrors }), [live.errors, serverErrors])
  const dirty = !readOnly && form.isDirty
  const guard = useUnsavedGuard(dirty)
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (readOnly) return
    const options = {
      preserveScroll: true,
      preserveState: true,
      onSuccess: (page: { props: Record<string, unknown> }) => {
        // A conflict comes back as a redirect with its message: keep the user's data and version
        if (page.props.conflict) return
        const devis = page.props.devis as { lock_version?: number } | undefined
        if (devis?.lock_version !== undefined) {
          form.setData('lock_version', devis.lock_version)
          form.setDefaults({ ...data, lock_version: devis.lock_version })
        } else {
          form.setDefaults()
        }
      },
    }
    guard.allowNextVisit()
    if (devisId) form.put(`/esi/devis/${devisId}`, options)
    else form.post('/esi/devis', options)
  }

  function reload() {
    guard.allowNextVisit()
    window.location.assign(`/esi/devis/${devisId}/edit`)
  }

  const set =
    (
      key:
        | 'objet'
        | 'date_devis'
        | 'valable_jusqu_au'
        | 'adresse_chantier'
        | 'intro'
        | 'conditions'
        | 'remise_globale_pct'
        | 'acompte_pct'
    ) =>
    (value: string) =>
      form.setData(key, value)

  return (
    <form onSubmit={submit} noValidate aria-label="Devis">
      {conflict && (
        <div
          className="alert alert-danger sticky-top d-flex flex-wrap align-items-center gap-3 shadow-sm"
          role="alert"
          style={{ top: '4.5rem', zIndex: 1020 }}
        >
          <i className="bi bi-exclamation-octagon fs-4" aria-hidden="true" />
          <div className="flex-grow-1">
            <strong className="d-block">Conflit de version</strong>
            {conflict}
          </div>
          <button type="button" className="btn btn-danger" onClick={reload}>
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            Recharger
          </button>
        </div>
      )}
      {notice}

      <Block title="En-tête">
        <div className="row g-3">
          <div className="col-lg-6">
            <ClientPicker
              value={client}
              readOnly={readOnly}
              error={errors.client_id}
              onChange={(c) => {
                setClient(c)
                form.setData((d) => ({
                  ...d,
                  client_id: c?.id ?? null,
                  adresse_chantier:
                    c && !d.adresse_chantier.trim()
                      ? (c.adresse_chantier ?? '')
                      : d.adresse_chantier,
                }))
              }}
            />
          </div>
          <div className="col-lg-6">
            <SelectField
              name="commercial_id"
              label="Commercial"
              value={data.commercial_id ? String(data.commercial_id) : ''}
              onChange={(v) => form.setData('commercial_id', v ? Number(v) : null)}
              emptyLabel="— Aucun —"
              options={commerciaux.map((u) => ({ value: String(u.id), label: u.name }))}
              error={errors.commercial_id}
              disabled={readOnly}
              groupClassName="mb-0"
            />
          </div>
          <div className="col-12">
            <TextInput
              name="objet"
              label="Objet"
              value={data.objet}
              onChange={set('objet')}
              error={errors.objet}
              maxLength={200}
              required
              readOnly={readOnly}
              placeholder="Ex. Remplacement de 6 châssis PVC"
              groupClassName="mb-0"
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <TextInput
              name="date_devis"
              label="Date du devis"
              type="date"
              value={data.date_devis}
              onChange={set('date_devis')}
              error={errors.date_devis}
              readOnly={readOnly}
              groupClassName="mb-0"
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <TextInput
              name="valable_jusqu_au"
              label="Valable jusqu’au"
              type="date"
              value={data.valable_jusqu_au}
              onChange={set('valable_jusqu_au')}
              error={errors.valable_jusqu_au}
              readOnly={readOnly}
              groupClassName="mb-0"
            />
          </div>
          <div className="col-lg-6">
            <TextInput
              name="adresse_chantier"
              label="Adresse du chantier"
              value={data.adresse_chantier}
              onChange={set('adresse_chantier')}
              error={errors.adresse_chantier}
              maxLength={300}
              readOnly={readOnly}
              groupClassName="mb-0"
            />
          </div>
        </div>
      </Block>

      <Block title="Lignes">
        {errors.lignes && <div className="alert alert-danger py-2">{errors.lignes}</div>}
        <LignesTable
          lignes={data.lignes}
          onChange={(lignes) => form.setData('lignes', lignes)}
          lineTotals={live.totals.lignes.map((l) => l.total_ht)}
          errors={errors}
          catalogue={devisCatalogue}
          readOnly={readOnly}
        />
      </Block>

      <div className="row">
        <div className="col-lg-7">
          <Block title="Textes">
            <TextArea
              name="intro"
              label="Introduction"
              value={data.intro}
              onChange={set('intro')}
              error={errors.intro}
              readOnly={readOnly}
              aside={
                <TexteModeleButton
                  textes={textes.intro}
                  onInsert={(t) => form.setData('intro', insertInto(data.intro, t))}
                />
              }
            />
            <TextArea
              name="conditions"
              label="Conditions"
              value={data.conditions}
              onChange={set('conditions')}
              error={errors.conditions}
              readOnly={readOnly}
              rows={7}
              aside={
                <TexteModeleButton
                  textes={textes.conditions}
                  onInsert={(t) => form.setData('conditions', insertInto(data.conditions, t))}
                />
              }
            />
          </Block>
        </div>
        <div className="col-lg-5">
          <Block title="Totaux">
            <div className="row g-2 mb-3">
              <div className="col-6">
                <TextInput
                  name="remise_globale_pct"
                  label="Remise globale (%)"
                  value={data.remise_globale_pct}
                  onChange={set('remise_globale_pct')}
                  error={errors.remise_globale_pct}
                  inputMode="decimal"
                  readOnly={readOnly}
                  groupClassName="mb-0"
                />
              </div>
              <div className="col-6">
                <TextInput
                  name="acompte_pct"
                  label="Acompte (%)"
                  value={data.acompte_pct}
                  onChange={set('acompte_pct')}
                  error={errors.acompte_pct}
                  inputMode="decimal"
                  readOnly={readOnly}
                  groupClassName="mb-0"
                />
              </div>
            </div>
            <TotalsPanel
              totals={live.totals}
              label="Totaux du devis"
              acomptePct={data.acompte_pct}
            />
          </Block>
        </div>
      </div>

      {!readOnly && (
        <div
          className="position-sticky bottom-0 bg-body border-top py-2 px-3 d-flex align-items-center gap-3 shadow-sm devis-savebar"
          style={{ zIndex: 1010 }}
        >
          <button type="submit" className="btn btn-primary" disabled={form.processing}>
            {form.processing && (
              <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            )}
            <i className="bi bi-floppy me-1" aria-hidden="true" />
            {submitLabel ?? (devisId ? 'Enregistrer' : 'Créer le devis')}
          </button>
          <span className="small text-body-secondary" aria-live="polite">
            {dirty ? 'Modifications non enregistrées' : devisId ? 'Tout est enregistré' : ''}
          </span>
          {Object.keys(serverErrors).length > 0 && (
            <span className="small text-danger" role="alert">
              Certains champs sont invalides : corrigez-les (en rouge).
            </span>
          )}
        </div>
      )}
    </form>
  )
}
