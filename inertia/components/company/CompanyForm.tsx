/*
 * The société's fields (SPEC.md Company/CompanyForm), shared by Create and Edit. The VAT number,
 * IBAN, BIC, phone and postcode are tidied when the user leaves the field and checked before the
 * form is sent, with the rules the server applies (shared/validation/belgium.ts). Messages never
 * appear on blur: a message pushing the submit button down between mousedown and mouseup would
 * swallow the click.
 */
import FormConflict, { withoutConflict } from '../form/FormConflict.js'
import { useState, type FormEvent } from 'react'
import type { InertiaFormProps } from '@inertiajs/react'
import { FieldGroup, FormError, SubmitButton, TextInput } from '../form/index.js'
import { isValidBeVat, isValidIban, formatIban, normalizeBeVat } from '@shared/validation/belgium'
import {
  BIC_PATTERN,
  COUNTRIES,
  FIELD_MESSAGES,
  FORMES_JURIDIQUES,
  isValidPostcode,
  normalizeBic,
  PHONE_PATTERN,
  SOCIETE_LIMITS,
  SOCIETE_TYPE_NAMES,
  type SocieteType,
} from '@shared/societes'
import {
  ACOMPTE_RETRACTATION_LABELS,
  ACOMPTE_RETRACTATION_REGLES,
  type AcompteRetractationRegle,
} from '@shared/retractation'
import type { SocieteFormValues } from './types.js'

type Field = Exclude<keyof SocieteFormValues, 'lock_version'>

/** Fields with a format the browser can check before sending. */
const CHECKED: Field[] = ['numero_tva', 'iban', 'bic', 'telephone', 'code_postal']

const LABELS: Record<Field, string> = {
  nom: 'Nom',
  type: 'Type',
  forme_juridique: 'Forme juridique',
  numero_tva: 'Numéro de TVA',
  rpm: 'RPM',
  adresse: 'Adresse',
  code_postal: 'Code postal',
  localite: 'Localité',
  pays: 'Pays',
  email: 'E-mail',
  telephone: 'Téléphone',
  iban: 'IBAN',
  bic: 'BIC',
  remise_partenaire_pct: 'Remise partenaire %',
  acompte_pendant_retractation: 'Acompte pendant le délai de rétractation',
  tolerance_mesure_mm: 'Tolérance du mesurage (± mm)',
}

/** The hint shown when leaving a field, or null when it looks right (empty is fine). */
export function localCheck(field: Field, values: SocieteFormValues): string | null {
  const value = values[field].trim()
  if (!value) return null
  switch (field) {
    case 'numero_tva':
      return values.pays === 'BE' && !isValidBeVat(value) ? FIELD_MESSAGES.numeroTva : null
    case 'iban':
      return isValidIban(value) ? null : FIELD_MESSAGES.iban
    case 'bic':
      return BIC_PATTERN.test(normalizeBic(value)) ? null : FIELD_MESSAGES.bic
    case 'telephone':
      return PHONE_PATTERN.test(value) ? null : FIELD_MESSAGES.telephone
    case 'code_postal':
      return isValidPostcode(value, values.pays) ? null : FIELD_MESSAGES.codePostal
    default:
      return null
  }
}

/** Tidies a checked value as the server will store it (BE0123456789, IBAN in groups of 4). */
function tidy(field: Field, values: SocieteFormValues): string {
  const value = values[field].trim()
  if (!value || localCheck(field, values)) return values[field]
  if (field === 'numero_tva' && values.pays === 'BE') return normalizeBeVat(value)
  if (field === 'iban') return formatIban(value)
  if (field === 'bic') return normalizeBic(value)
  return values[field]
}

export interface CompanyFormProps {
  form: InertiaFormProps<SocieteFormValues>
  types: SocieteType[]
  onSubmit: () => void
  submitLabel: string
  /** Staff: may set a pro société's partner discount (others see it read-only). */
  canSetRemise?: boolean
}

export default function CompanyForm({
  form,
  types,
  onSubmit,
  submitLabel,
  canSetRemise = false,
}: CompanyFormProps) {
  const [hints, setHints] = useState<Partial<Record<Field, string>>>({})

  const errorOf = (field: Field) => form.errors[field] ?? hints[field] ?? null

  function leave(field: Field) {
    const tidied = tidy(field, form.data)
    if (tidied !== form.data[field]) form.setData(field, tidied)
  }

  const text = (field: Field, extra: Record<string, unknown> = {}) => (
    <TextInput
      name={field}
      label={LABELS[field]}
      value={form.data[field]}
      onChange={(v) => {
        form.setData(field, v)
        if (hints[field]) setHints((h) => ({ ...h, [field]: undefined }))
        if (form.errors[field]) form.clearErrors(field)
      }}
      onBlur={() => leave(field)}
      error={errorOf(field)}
      {...extra}
    />
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    const found: Partial<Record<Field, string>> = {}
    for (const field of CHECKED) {
      const message = localCheck(field, form.data)
      if (message) found[field] = message
    }
    setHints(found)
    const first = Object.keys(found)[0]
    if (first) return document.getElementById(first)?.focus()
    onSubmit()
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormConflict errors={form.errors} />
      <FormError errors={{ ...hints, ...withoutConflict(form.errors) }} labels={LABELS} />
      <h2 className="h5 fw-semibold mb-3">Identité</h2>
      <div className="row">
        <div className="col-md-8">
          {text('nom', { required: true, maxLength: SOCIETE_LIMITS.nom, autoFocus: true })}
        </div>
        <div className="col-md-4">
          <FieldGroup id="type" label={LABELS.type} error={form.errors.type} required>
            {(control) => (
              <select
                {...control}
                name="type"
                className={`form-select ${control.className}`}
                value={form.data.type}
                disabled={types.length < 2}
                onChange={(e) => form.setData('type', e.target.value as SocieteType)}
              >
                {types.map((t) => (
                  <option key={t} value={t}>
                    {SOCIETE_TYPE_NAMES[t]}
                  </option>
                ))}
              </select>
            )}
          </FieldGroup>
        </div>
        <div className="col-md-4">
          <FieldGroup
            id="forme_juridique"
            label={LABELS.forme_juridique}
            error={form.errors.forme_juridique}
          >
            {(control) => (
              <select
                {...control}
                name="forme_juridique"
                className={`form-select ${control.className}`}
                value={form.data.forme_juridique}
                onChange={(e) => form.setData('forme_juridique', e.target.value)}
              >
                <option value="">—</option>
                {FORMES_JURIDIQUES.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            )}
          </FieldGroup>
        </div>
        <div className="col-md-4">
          {text('numero_tva', {
            maxLength: 20,
            placeholder: 'BE0123456749',
            help:
              form.data.pays === 'BE' ? 'Numéro d’entreprise, contrôlé (modulo 97).' : undefined,
          })}
        </div>
        <div className="col-md-4">
          {text('rpm', { maxLength: SOCIETE_LIMITS.rpm, placeholder: 'RPM Liège, division Namur' })}
        </div>
      </div>

      <h2 className="h5 fw-semibold mb-3 mt-2">Adresse et contact</h2>
      <div className="row">
        <div className="col-12">
          {text('adresse', { maxLength: SOCIETE_LIMITS.adresse, autoComplete: 'street-address' })}
        </div>
        <div className="col-md-3">
          {text('code_postal', { maxLength: 10, autoComplete: 'postal-code' })}
        </div>
        <div className="col-md-5">{text('localite', { maxLength: SOCIETE_LIMITS.localite })}</div>
        <div className="col-md-4">
          <FieldGroup id="pays" label={LABELS.pays} error={form.errors.pays}>
            {(control) => (
              <select
                {...control}
                name="pays"
                className={`form-select ${control.className}`}
                value={form.data.pays}
                onChange={(e) => form.setData('pays', e.target.value)}
              >
                {Object.entries(COUNTRIES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FieldGroup>
        </div>
        <div className="col-md-6">
          {text('email', { type: 'email', maxLength: SOCIETE_LIMITS.email, autoComplete: 'email' })}
        </div>
        <div className="col-md-6">
          {text('telephone', {
            type: 'tel',
            maxLength: SOCIETE_LIMITS.telephone,
            autoComplete: 'tel',
          })}
        </div>
      </div>

      <h2 className="h5 fw-semibold mb-3 mt-2">Banque</h2>
      <div className="row">
        <div className="col-md-8">
          {text('iban', { maxLength: 42, placeholder: 'BE68 5390 0754 7034', spellCheck: false })}
        </div>
        <div className="col-md-4">
          {text('bic', { maxLength: 14, placeholder: 'GKCCBEBB', spellCheck: false })}
        </div>
      </div>

      {form.data.type === 'pro' && (
        <>
          <h2 className="h5 fw-semibold mb-3 mt-2">Partenariat</h2>
          <div className="row">
            <div className="col-md-4">
              {text('remise_partenaire_pct', {
                inputMode: 'decimal',
                maxLength: 6,
                disabled: !canSetRemise,
                help: canSetRemise
                  ? 'Remise sur les prix du catalogue : les prix partenaires de ses offres.'
                  : 'Fixée par ESI : vos prix partenaires sur le catalogue.',
              })}
            </div>
          </div>
        </>
      )}

      {form.data.type === 'esi' && canSetRemise && (
        <>
          <h2 className="h5 fw-semibold mb-3 mt-2">Contrats signés au domicile du client</h2>
          <FieldGroup
            id="acompte_pendant_retractation"
            label={LABELS.acompte_pendant_retractation}
            error={form.errors.acompte_pendant_retractation}
            help="En France, aucun paiement ne peut être demandé ni reçu pendant les 7 jours qui suivent un contrat signé au domicile du client ; en Belgique, l’acompte peut être demandé (il est remboursé en cas de rétractation)."
          >
            {(control) => (
              <select
                {...control}
                name="acompte_pendant_retractation"
                className={`form-select ${control.className}`}
                value={form.data.acompte_pendant_retractation}
                onChange={(e) =>
                  form.setData(
                    'acompte_pendant_retractation',
                    e.target.value as AcompteRetractationRegle
                  )
                }
              >
                {ACOMPTE_RETRACTATION_REGLES.map((regle) => (
                  <option key={regle} value={regle}>
                    {ACOMPTE_RETRACTATION_LABELS[regle]}
                  </option>
                ))}
              </select>
            )}
          </FieldGroup>
          <h2 className="h5 fw-semibold mb-3 mt-2">Mesurage</h2>
          <div className="row">
            <div className="col-md-4">
              {text('tolerance_mesure_mm', {
                inputMode: 'numeric',
                maxLength: 3,
                help: 'Écart entre la cote mesurée et celle du devis au-delà duquel un avenant est à faire signer.',
              })}
            </div>
          </div>
        </>
      )}

      <SubmitButton
        processing={form.processing}
        recentlySuccessful={form.recentlySuccessful}
        icon="bi bi-check-lg"
      >
        {submitLabel}
      </SubmitButton>
    </form>
  )
}
