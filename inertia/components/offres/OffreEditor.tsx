/*
 * The offre editor (offres/Create and offres/Edit): header, contact, lines with live totals
 * (shared/totals.ts, the function the server stores), saved as JSON. A refused field shows its
 * French message beside it, a concurrent save by someone else is explained (409) and nothing
 * typed is lost; leaving with unsaved changes asks first.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { FieldGroup, TextInput } from '../form/index.js'
import LignesTable, { withKeys } from '../lignes/LignesTable.js'
import TotalsPanel from '../lignes/TotalsPanel.js'
import { offreCatalogue } from '../lignes/catalogue.js'
import { useDocumentTotals } from '../lignes/use_document_totals.js'
import { fieldErrors } from './editor_state.js'
import { http, HttpError } from '~/lib/http'
import { toast } from '~/lib/toast'
import type { OffreContactOption, OffreFormValues, OffreSocieteOption } from '@shared/offres'
import { OFFRE_LIMITS } from '@shared/offres'
import type { LigneForm } from '@shared/devis'

type Header = Omit<OffreFormValues, 'lignes'>

export interface OffreEditorProps {
  /** Create: the user's pro sociétés (a choice when several); Edit: the offre's only. */
  societes: OffreSocieteOption[]
  contacts: OffreContactOption[]
  initial: OffreFormValues
  /** Edit: the offre's id and version; Create: null. */
  offreId: number | null
  lockVersion: number | null
  /** Create: the société may still be chosen. */
  societeLocked: boolean
  onSaved?: (result: { lock_version: number }) => void
  /** Told when the editor starts or stops holding unsaved changes. */
  onDirtyChange?: (dirty: boolean) => void
}

const HEADER_LABELS: Record<string, string> = {
  societe_id: 'Société',
  contact_id: 'Contact',
  date_offre: 'Date',
  valable_jusqu_au: 'Valable jusqu’au',
  objet: 'Objet',
  adresse_chantier: 'Adresse du chantier',
  remise_globale_pct: 'Remise globale %',
  intro: 'Introduction',
  conditions: 'Conditions',
}

export default function OffreEditor({
  societes,
  contacts,
  initial,
  offreId,
  lockVersion: initialVersion,
  societeLocked,
  onSaved,
  onDirtyChange,
}: OffreEditorProps) {
  const { lignes: initialLignes, ...initialHeader } = initial
  const [header, setHeader] = useState<Header>(initialHeader)
  const [lignes, setLignes] = useState<LigneForm[]>(() => withKeys(initialLignes))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [conflict, setConflict] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [dirty, setDirty] = useState(false)
  const [version, setVersion] = useState(initialVersion)
  const [savedAt, setSavedAt] = useState<Date | null>(null)
  const dirtyRef = useRef(false)
  useEffect(() => {
    dirtyRef.current = dirty
    onDirtyChange?.(dirty)
  }, [dirty, onDirtyChange])

  const live = useDocumentTotals({ lignes, remise_globale_pct: header.remise_globale_pct })
  // The cells show what does not parse while typing, then the server's messages
  const lineErrors = useMemo(() => ({ ...live.errors, ...errors }), [live.errors, errors])
  // Products at the partner price of the chosen société (stable: the search effect depends on it)
  const catalogue = useMemo(() => offreCatalogue(header.societe_id), [header.societe_id])
  const societeContacts = contacts.filter((c) => c.societe_id === header.societe_id)
  const societe = societes.find((s) => s.id === header.societe_id) ?? null

  // Unsaved changes: the browser asks before closing the tab, Inertia before leaving the page
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', beforeUnload)
    const removeInertia = router.on('before', (event) => {
      const visit = event.detail.visit
      if (!dirtyRef.current || visit.method !== 'get') return
      if (!window.confirm('Des modifications ne sont pas enregistrées. Quitter quand même ?')) {
        event.preventDefault()
      }
    })
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      removeInertia()
    }
  }, [])

  function setField<K extends keyof Header>(key: K, value: Header[K]) {
    setHeader((h) => ({ ...h, [key]: value }))
    setDirty(true)
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest)
  }

  function changeLignes(next: LigneForm[]) {
    setLignes(next)
    setDirty(true)
  }

  function chooseContact(id: number | null) {
    const contact = contacts.find((c) => c.id === id)
    setHeader((h) => ({
      ...h,
      contact_id: id,
      // The site is usually the contact's address: filled in when still empty
      adresse_chantier: h.adresse_chantier || contact?.adresse || '',
    }))
    setDirty(true)
    if (errors.contact_id) setErrors(({ contact_id: _, ...rest }) => rest)
  }

  async function save(event?: FormEvent) {
    event?.preventDefault()
    if (saving) return
    setSaving(true)
    setConflict(null)
    const lignesPayload: LigneForm[] = lignes.map(({ key: _key, ...l }) => l)
    const body = { ...header, lignes: lignesPayload }
    try {
      if (offreId === null) {
        const result = await http.post<{ id: number; url: string }>('/app/offres', body)
        dirtyRef.current = false
        setDirty(false)
        router.visit(result.url)
        return
      }
      const result = await http.put<{ lock_version: number; message: string }>(
        `/app/offres/${offreId}`,
        { ...body, lock_version: version }
      )
      setVersion(result.lock_version)
      setErrors({})
      setDirty(false)
      setSavedAt(new Date())
      onSaved?.(result)
      void toast('success', result.message)
    } catch (error) {
      if (error instanceof HttpError && error.status === 422 && fieldErrors(error.body)) {
        const found = fieldErrors(error.body)
        setErrors(found)
        if (Object.keys(found).length === 0) void toast('error', error.message)
        else void toast('error', 'Certains champs sont à corriger : voyez les messages en rouge.')
      } else if (error instanceof HttpError && error.status === 409) {
        setConflict(error.message)
      } else if (error instanceof HttpError) {
        void toast('error', error.message)
      } else {
        void toast('error', 'L’offre n’a pas pu être enregistrée : vérifiez votre connexion.')
      }
    } finally {
      setSaving(false)
    }
  }

  const headerErrors = Object.entries(errors).filter(([k]) => !k.startsWith('lignes'))
  const lineErrorCount = Object.keys(errors).filter((k) => k.startsWith('lignes.')).length

  return (
    <form onSubmit={save} noValidate id="offre-editor">
      {conflict && (
        <div className="alert alert-warning d-flex gap-3 align-items-start" role="alert">
          <i className="bi bi-exclamation-triangle-fill fs-4" aria-hidden="true" />
          <div className="flex-grow-1">
            <p className="mb-2">{conflict}</p>
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={() => {
                dirtyRef.current = false
                window.location.reload()
              }}
            >
              Recharger la dernière version
            </button>
          </div>
        </div>
      )}
      {(headerErrors.length > 0 || lineErrorCount > 0) && (
        <div className="alert alert-danger" role="alert" id="offre-errors">
          <p className="fw-semibold mb-1">L’offre n’est pas enregistrée :</p>
          <ul className="mb-0">
            {headerErrors.map(([field, message]) => (
              <li key={field}>
                {HEADER_LABELS[field] ?? field} : {message}
              </li>
            ))}
            {lineErrorCount > 0 && (
              <li>
                {lineErrorCount === 1
                  ? '1 cellule des lignes est à corriger.'
                  : `${lineErrorCount} cellules des lignes sont à corriger.`}
              </li>
            )}
          </ul>
        </div>
      )}

      <div className="row g-4">
        <div className="col-xl-8">
          <Block title="En-tête">
            <div className="row">
              {!societeLocked && societes.length > 1 && (
                <div className="col-md-6">
                  <FieldGroup
                    id="societe_id"
                    label="Société émettrice"
                    error={errors.societe_id}
                    required
                  >
                    {(control) => (
                      <select
                        {...control}
                        className={`form-select ${control.className}`}
                        value={header.societe_id ?? ''}
                        onChange={(e) => {
                          const id = Number(e.target.value)
                          setHeader((h) => ({ ...h, societe_id: id, contact_id: null }))
                          setDirty(true)
                        }}
                      >
                        {societes.map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.nom}
                          </option>
                        ))}
                      </select>
                    )}
                  </FieldGroup>
                </div>
              )}
              <div className="col-md-6">
                <FieldGroup
                  id="contact_id"
                  label="Contact"
                  error={errors.contact_id}
                  required
                  help={
                    societeContacts.length === 0 ? (
                      <>
                        Aucun contact pour cette société :{' '}
                        <a href="/app/contacts">créez-en un d’abord</a>.
                      </>
                    ) : undefined
                  }
                >
                  {(control) => (
                    <select
                      {...control}
                      name="contact_id"
                      className={`form-select ${control.className}`}
                      value={header.contact_id ?? ''}
                      onChange={(e) =>
                        chooseContact(e.target.value === '' ? null : Number(e.target.value))
                      }
                    >
                      <option value="">— Choisir un contact —</option>
                      {societeContacts.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.nom}
                          {c.email ? ` (${c.email})` : ' (sans e-mail)'}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldGroup>
              </div>
              <div className="col-md-3">
                <TextInput
                  name="date_offre"
                  type="date"
                  label={HEADER_LABELS.date_offre}
                  value={header.date_offre}
                  onChange={(v) => setField('date_offre', v)}
                  error={errors.date_offre}
                  required
                />
              </div>
              <div className="col-md-3">
                <TextInput
                  name="valable_jusqu_au"
                  type="date"
                  label={HEADER_LABELS.valable_jusqu_au}
                  value={header.valable_jusqu_au}
                  onChange={(v) => setField('valable_jusqu_au', v)}
                  error={errors.valable_jusqu_au}
                  required
                />
              </div>
              <div className="col-md-8">
                <TextInput
                  name="objet"
                  label={HEADER_LABELS.objet}
                  value={header.objet}
                  onChange={(v) => setField('objet', v)}
                  error={errors.objet}
                  maxLength={OFFRE_LIMITS.objet}
                  placeholder="Remplacement des châssis du rez-de-chaussée"
                  required
                />
              </div>
              <div className="col-md-4">
                <TextInput
                  name="remise_globale_pct"
                  label={HEADER_LABELS.remise_globale_pct}
                  value={header.remise_globale_pct}
                  onChange={(v) => setField('remise_globale_pct', v)}
                  error={errors.remise_globale_pct}
                  inputMode="decimal"
                  inputClassName="text-end"
                />
              </div>
              <div className="col-12">
                <TextInput
                  name="adresse_chantier"
                  label={HEADER_LABELS.adresse_chantier}
                  value={header.adresse_chantier}
                  onChange={(v) => setField('adresse_chantier', v)}
                  error={errors.adresse_chantier}
                  maxLength={OFFRE_LIMITS.adresse_chantier}
                />
              </div>
            </div>
          </Block>
        </div>
        <div className="col-xl-4">
          <Block title="Totaux" className="position-sticky" contentClassName="pb-3">
            <TotalsPanel totals={live.totals} label="Totaux de l’offre" />
            {societe && Number(societe.remise_partenaire_pct.replace(',', '.')) > 0 && (
              <p className="small text-body-secondary mt-2 mb-0">
                Prix partenaire : catalogue − {societe.remise_partenaire_pct.replace('.', ',')} %.
              </p>
            )}
            <div className="d-flex align-items-center gap-2 mt-3">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={saving}
                aria-busy={saving || undefined}
                data-testid="offre-save"
              >
                {saving ? (
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                ) : (
                  <i className="bi bi-check-lg me-2" aria-hidden="true" />
                )}
                {offreId === null ? 'Créer l’offre' : 'Enregistrer'}
              </button>
              <span role="status" className="small text-body-secondary">
                {dirty
                  ? 'Modifications non enregistrées'
                  : savedAt
                    ? `Enregistrée à ${savedAt.toLocaleTimeString('fr-BE', { hour: '2-digit', minute: '2-digit' })}`
                    : ''}
              </span>
            </div>
          </Block>
        </div>
      </div>

      <Block
        title="Lignes"
        options={<span className="small text-body-secondary">{lignes.length} ligne(s)</span>}
      >
        {errors.lignes && <div className="alert alert-danger py-2">{errors.lignes}</div>}
        <LignesTable
          lignes={lignes}
          onChange={changeLignes}
          lineTotals={live.totals.lignes.map((l) => l.total_ht)}
          errors={lineErrors}
          catalogue={catalogue}
        />
      </Block>

      <Block title="Textes">
        <div className="row">
          <div className="col-lg-6">
            <FieldGroup id="intro" label={HEADER_LABELS.intro} error={errors.intro}>
              {(control) => (
                <textarea
                  {...control}
                  className={`form-control ${control.className}`}
                  rows={4}
                  maxLength={OFFRE_LIMITS.texte}
                  value={header.intro}
                  onChange={(e) => setField('intro', e.target.value)}
                />
              )}
            </FieldGroup>
          </div>
          <div className="col-lg-6">
            <FieldGroup id="conditions" label={HEADER_LABELS.conditions} error={errors.conditions}>
              {(control) => (
                <textarea
                  {...control}
                  className={`form-control ${control.className}`}
                  rows={4}
                  maxLength={OFFRE_LIMITS.texte}
                  value={header.conditions}
                  onChange={(e) => setField('conditions', e.target.value)}
                />
              )}
            </FieldGroup>
          </div>
        </div>
      </Block>
    </form>
  )
}
