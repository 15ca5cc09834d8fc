/*
 * The procès-verbal de réception before signing (issue 12 §5): the customer's name, the place,
 * « sans réserve » or « avec réserves » (rows added and removed), observations, the consent line
 * and the signature pad. 390 px first, large touch targets.
 */
import { useState, type FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import Block from '../ui/Block.js'
import SignaturePad from '../bdc/SignaturePad.js'
import { Checkbox, TextInput } from '../form/index.js'
import { formatDate } from '../../lib/format.js'
import {
  RECEPTION_CONSENTEMENT,
  RECEPTION_LIMITS,
  RECEPTION_MESSAGES,
  type ReceptionPageProps,
} from '@shared/receptions'
import { route } from '~/lib/route'

type Mode = 'sans_reserve' | 'avec_reserves'

type PvForm = {
  signataire: string
  lieu: string
  observations: string
  reception: Mode
  reserves: string[]
  consentement: boolean
  signature: string | null
}
export default function PvForm({ commande, etape, defaults }: ReceptionPageProps) {
  const form = useForm<PvForm>({
    signataire: defaults.signataire,
    lieu: defaults.lieu,
    observations: '',
    reception: 'sans_reserve',
    reserves: [],
    consentement: false,
    signature: null,
  })
  const [localError, setLocalError] = useState<string | null>(null)
  const errors = form.errors as Record<string, string | undefined>

  function setReserves(reserves: string[]) {
    form.setData((d) => ({ ...d, reserves }))
  }

  function mode(m: Mode) {
    form.setData((d) => ({
      ...d,
      reception: m,
      reserves: m === 'avec_reserves' ? (d.reserves.length ? d.reserves : ['']) : [],
    }))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.data.signature) {
      setLocalError(RECEPTION_MESSAGES.signatureMissing)
      return
    }
    setLocalError(null)
    form.transform((d) => ({
      ...d,
      consentement: d.consentement ? '1' : '',
      reserves: d.reception === 'avec_reserves' ? d.reserves : [],
    }))
    form.post(route('esi.commandes.reception.store', { id: commande.id }), {
      preserveScroll: true,
    })
  }

  const signatureError = localError ?? errors.signature
  return (
    <form onSubmit={submit} noValidate data-testid="pv-form">
      {errors._form && (
        <div className="alert alert-danger" role="alert" data-testid="pv-form-error">
          {errors._form}
        </div>
      )}
      {etape.gate && (
        <div className="alert alert-warning" role="note" data-testid="pv-gate">
          <i className="bi bi-lock me-1" aria-hidden="true" />
          {etape.gate}
        </div>
      )}
      <Block title="Réception des travaux">
        <p className="mb-3">
          Date : <strong>{formatDate(defaults.date)}</strong> · Technicien :{' '}
          <strong>{defaults.technicien}</strong>
        </p>
        <TextInput
          name="signataire"
          label="Nom du client qui signe"
          value={form.data.signataire}
          onChange={(v) => form.setData('signataire', v)}
          error={errors.signataire}
          required
          maxLength={RECEPTION_LIMITS.signataire}
          autoComplete="off"
          inputClassName="form-control-lg"
          data-testid="pv-signataire"
        />
        <TextInput
          name="lieu"
          label="Lieu"
          value={form.data.lieu}
          onChange={(v) => form.setData('lieu', v)}
          error={errors.lieu}
          maxLength={RECEPTION_LIMITS.lieu}
          inputClassName="form-control-lg"
        />
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">La réception est faite</legend>
          <div className="btn-group w-100" role="group">
            {(
              [
                ['sans_reserve', 'Sans réserve'],
                ['avec_reserves', 'Avec réserves'],
              ] as const
            ).map(([m, label]) => (
              <label
                key={m}
                className={`btn btn-lg ${form.data.reception === m ? (m === 'sans_reserve' ? 'btn-success' : 'btn-warning') : 'btn-outline-secondary'}`}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  name="reception"
                  value={m}
                  checked={form.data.reception === m}
                  onChange={() => mode(m)}
                  data-testid={`pv-mode-${m}`}
                />
                {label}
              </label>
            ))}
          </div>
          {errors.reception && <div className="invalid-feedback d-block">{errors.reception}</div>}
        </fieldset>

        {form.data.reception === 'avec_reserves' && (
          <div className="mb-3" data-testid="pv-reserves-form">
            {form.data.reserves.map((r, i) => (
              <div key={i} className="mb-2">
                <label className="form-label" htmlFor={`reserve-${i}`}>
                  Réserve {i + 1}
                </label>
                <div className="d-flex gap-2">
                  <textarea
                    id={`reserve-${i}`}
                    className={`form-control ${errors[`reserves.${i}`] ? 'is-invalid' : ''}`}
                    rows={2}
                    maxLength={RECEPTION_LIMITS.reserve}
                    value={r}
                    aria-invalid={errors[`reserves.${i}`] ? true : undefined}
                    aria-describedby={errors[`reserves.${i}`] ? `reserve-${i}-error` : undefined}
                    onChange={(e) =>
                      setReserves(form.data.reserves.map((x, j) => (j === i ? e.target.value : x)))
                    }
                    data-testid="pv-reserve-input"
                  />
                  <button
                    type="button"
                    className="btn btn-lg btn-alt-danger"
                    aria-label={`Retirer la réserve ${i + 1}`}
                    onClick={() => setReserves(form.data.reserves.filter((_, j) => j !== i))}
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                </div>
                {errors[`reserves.${i}`] && (
                  <div id={`reserve-${i}-error`} className="invalid-feedback d-block">
                    {errors[`reserves.${i}`]}
                  </div>
                )}
              </div>
            ))}
            {errors.reserves && (
              <div className="invalid-feedback d-block mb-2" data-testid="pv-reserves-error">
                {errors.reserves}
              </div>
            )}
            {form.data.reserves.length < RECEPTION_LIMITS.reserves && (
              <button
                type="button"
                className="btn btn-lg btn-alt-warning w-100"
                onClick={() => setReserves([...form.data.reserves, ''])}
                data-testid="pv-reserve-ajouter"
              >
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                Ajouter une réserve
              </button>
            )}
          </div>
        )}

        <label className="form-label" htmlFor="observations">
          Observations (facultatif)
        </label>
        <textarea
          id="observations"
          className={`form-control mb-3 ${errors.observations ? 'is-invalid' : ''}`}
          rows={2}
          maxLength={RECEPTION_LIMITS.observations}
          value={form.data.observations}
          onChange={(e) => form.setData('observations', e.target.value)}
        />
        {errors.observations && (
          <div className="invalid-feedback d-block mb-3">{errors.observations}</div>
        )}
      </Block>

      <Block title="Signature du client">
        <Checkbox
          name="consentement"
          label={RECEPTION_CONSENTEMENT}
          checked={form.data.consentement}
          onChange={(v) => form.setData('consentement', v)}
          error={errors.consentement}
          data-testid="pv-consentement"
        />
        <SignaturePad
          id="pv-signature"
          height={220}
          onChange={(dataUrl) => {
            form.setData('signature', dataUrl)
            if (dataUrl) setLocalError(null)
          }}
          error={signatureError}
          describedBy={signatureError ? 'pv-signature-error' : undefined}
        />
        <button
          type="submit"
          className="btn btn-lg btn-primary w-100 py-3 mt-3"
          disabled={form.processing || etape.gate !== null}
          data-testid="pv-signer"
        >
          <i className="bi bi-pen me-2" aria-hidden="true" />
          Signer le procès-verbal
        </button>
      </Block>
    </form>
  )
}
