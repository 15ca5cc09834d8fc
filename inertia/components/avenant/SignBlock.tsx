/*
 * The customer signs the avenant on the device (works at 390 px): name, drawn signature, and what
 * he accepts (new total, additional deposit).
 */
import { useState, type FormEvent } from 'react'
import { router, usePage } from '@inertiajs/react'
import Block from '../ui/Block.js'
import SignaturePad from '../bdc/SignaturePad.js'
import { formatEuros } from '@shared/totals'
import { SIGNATURE_LIMITS } from '@shared/bdc'
import { route } from '~/lib/route'
import { euros } from './DifferenceTable.js'
import type { AvenantProp } from './types.js'

export default function SignBlock({
  avenant,
  defaultName,
}: {
  avenant: AvenantProp
  defaultName: string
}) {
  const { errors } = usePage<{ errors?: Record<string, string> }>().props
  const [signataire, setSignataire] = useState(defaultName)
  const [signature, setSignature] = useState<string | null>(null)
  const [local, setLocal] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!signature) {
      setLocal('Le cadre de signature est vide : le client doit signer.')
      return
    }
    setLocal(null)
    setProcessing(true)
    router.post(
      route('esi.avenants.sign', { id: avenant.id }),
      { signataire, signature, lock_version: avenant.lock_version },
      { preserveScroll: true, onFinish: () => setProcessing(false) }
    )
  }
  const error = local ?? errors?.signature

  return (
    <Block title="Signature du client" className="border border-warning-subtle">
      <form onSubmit={submit} noValidate data-testid="avenant-sign-form">
        {errors?._form && (
          <div className="alert alert-danger" role="alert">
            {errors._form}
          </div>
        )}
        <p className="mb-3">
          En signant, le client accepte l’avenant <strong>{avenant.numero}</strong> : nouveau total{' '}
          <strong>{formatEuros(avenant.total_ttc)} TTC</strong> ({euros(avenant.difference_ttc)})
          {avenant.acompte_difference > 0 && (
            <>
              , acompte complémentaire de <strong>{formatEuros(avenant.acompte_difference)}</strong>
            </>
          )}
          .
        </p>
        <div className="mb-3">
          <label className="form-label" htmlFor="avenant-signataire">
            Nom du signataire <span className="text-danger">*</span>
          </label>
          <input
            id="avenant-signataire"
            className={`form-control form-control-lg ${errors?.signataire ? 'is-invalid' : ''}`}
            value={signataire}
            maxLength={SIGNATURE_LIMITS.signataire}
            autoComplete="off"
            onChange={(e) => setSignataire(e.target.value)}
            data-testid="avenant-signataire"
          />
          {errors?.signataire && <div className="invalid-feedback">{errors.signataire}</div>}
        </div>
        <SignaturePad
          id="avenant-signature"
          onChange={(dataUrl) => {
            setSignature(dataUrl)
            if (dataUrl) setLocal(null)
          }}
          error={error}
          describedBy={error ? 'avenant-signature-error' : undefined}
        />
        <button
          type="submit"
          className="btn btn-success btn-lg w-100 mt-3"
          disabled={processing}
          data-testid="avenant-sign-submit"
        >
          <i className="bi bi-check2-circle me-1" aria-hidden="true" />
          Valider la signature de l’avenant
        </button>
      </form>
    </Block>
  )
}
