/*
 * Signing a bon de commande (DESIGN.md §3b): who signs, where (at home → 14-day withdrawal
 * period unless expressly waived), and the signature itself — drawn on screen or an uploaded
 * signed scan (two tabs; keyboard users reach the upload tab with Tab and Enter). The server
 * checks everything again and creates the commande.
 */
import { useId, useState, type FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { FieldGroup, SubmitButton, TextInput } from '../form/index.js'
import SignaturePad from './SignaturePad.js'
import { DELAI_RETRACTATION_JOURS, LIEU_SIGNATURE_LABELS, type LieuSignature } from '@shared/devis'
import { SIGNATURE_LIMITS } from '@shared/bdc'
import { route } from '~/lib/route'

type Mode = 'dessin' | 'scan'

type SignatureForm = {
  mode: Mode
  signataire: string
  lieu: LieuSignature
  renonciation: boolean
  signature: string | null
  fichier: File | null
  lock_version: number
}

const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg'

export default function SignaturePanel({
  bdcId,
  lockVersion,
  clientNom,
}: {
  bdcId: number
  lockVersion: number
  clientNom: string
}) {
  const uid = useId()
  const form = useForm<SignatureForm>({
    mode: 'dessin',
    signataire: clientNom,
    lieu: 'etablissement',
    renonciation: false,
    signature: null,
    fichier: null,
    lock_version: lockVersion,
  })
  const [localError, setLocalError] = useState<Partial<Record<'signature' | 'fichier', string>>>({})
  const errors = form.errors as Partial<Record<keyof SignatureForm | '_form', string>>

  function submit(event: FormEvent) {
    event.preventDefault()
    if (form.data.mode === 'dessin' && !form.data.signature) {
      setLocalError({ signature: 'Le cadre de signature est vide : le client doit signer.' })
      return
    }
    if (form.data.mode === 'scan' && !form.data.fichier) {
      setLocalError({ fichier: 'Choisissez le fichier du bon de commande signé.' })
      return
    }
    setLocalError({})
    form.transform((d) => ({
      mode: d.mode,
      signataire: d.signataire,
      lieu: d.lieu,
      renonciation: d.lieu === 'domicile' && d.renonciation ? '1' : '0',
      lock_version: d.lock_version,
      ...(d.mode === 'dessin' ? { signature: d.signature ?? '' } : {}),
      ...(d.mode === 'scan' && d.fichier ? { fichier: d.fichier } : {}),
    }))
    form.post(route('esi.bdc.sign', { id: bdcId }), { forceFormData: true, preserveScroll: true })
  }

  const tab = (mode: Mode, label: string, icon: string) => (
    <li className="nav-item" role="presentation">
      <button
        type="button"
        role="tab"
        id={`${uid}-tab-${mode}`}
        aria-controls={`${uid}-panel-${mode}`}
        aria-selected={form.data.mode === mode}
        className={`nav-link ${form.data.mode === mode ? 'active' : ''}`}
        // The canvas is cleared when its tab closes: its old drawing must not be sent
        onClick={() =>
          form.data.mode !== mode && form.setData((d) => ({ ...d, mode, signature: null }))
        }
        data-testid={`signature-tab-${mode}`}
      >
        <i className={`${icon} me-1`} aria-hidden="true" />
        {label}
      </button>
    </li>
  )

  return (
    <Block title="Signature du client" className="border border-warning-subtle">
      <form onSubmit={submit} noValidate data-testid="signature-form">
        {errors._form && (
          <div className="alert alert-danger" role="alert">
            {errors._form}
          </div>
        )}
        <div className="row g-3">
          <div className="col-md-6">
            <TextInput
              name="signataire"
              id={`${uid}-signataire`}
              label="Nom du signataire"
              value={form.data.signataire}
              onChange={(v) => form.setData('signataire', v)}
              error={errors.signataire}
              required
              maxLength={SIGNATURE_LIMITS.signataire}
              autoComplete="off"
              groupClassName="mb-0"
              data-testid="signature-signataire"
            />
          </div>
          <div className="col-md-6">
            <fieldset>
              <legend className="form-label fs-base mb-2">
                Lieu de signature
                <span className="text-danger ms-1" aria-hidden="true">
                  *
                </span>
              </legend>
              {(['etablissement', 'domicile'] as const).map((lieu) => (
                <div className="form-check" key={lieu}>
                  <input
                    className={`form-check-input ${errors.lieu ? 'is-invalid' : ''}`}
                    type="radio"
                    name="lieu"
                    id={`${uid}-lieu-${lieu}`}
                    value={lieu}
                    checked={form.data.lieu === lieu}
                    onChange={() => form.setData('lieu', lieu)}
                    aria-describedby={errors.lieu ? `${uid}-lieu-error` : undefined}
                    data-testid={`signature-lieu-${lieu}`}
                  />
                  <label className="form-check-label" htmlFor={`${uid}-lieu-${lieu}`}>
                    {LIEU_SIGNATURE_LABELS[lieu]}
                  </label>
                </div>
              ))}
              {errors.lieu && (
                <div id={`${uid}-lieu-error`} className="invalid-feedback d-block">
                  {errors.lieu}
                </div>
              )}
            </fieldset>
          </div>
        </div>

        {form.data.lieu === 'domicile' && (
          <div className="alert alert-info mt-3 mb-0" role="note">
            <p className="mb-2">
              <i className="bi bi-info-circle me-1" aria-hidden="true" />
              <strong>Contrat conclu hors établissement :</strong> le client dispose d’un délai de
              rétractation de {DELAI_RETRACTATION_JOURS} jours à compter de la signature, sans
              devoir se justifier. Le formulaire de rétractation est joint au bon de commande, et
              aucune commande fournisseur n’est passée avant la fin de ce délai.
            </p>
            <div className="form-check">
              <input
                className="form-check-input"
                type="checkbox"
                id={`${uid}-renonciation`}
                checked={form.data.renonciation}
                onChange={(e) => form.setData('renonciation', e.target.checked)}
                data-testid="signature-renonciation"
              />
              <label className="form-check-label" htmlFor={`${uid}-renonciation`}>
                Le client demande expressément que l’exécution commence avant la fin du délai et
                renonce à son droit de rétractation (renonciation écrite sur le bon).
              </label>
            </div>
          </div>
        )}

        <ul className="nav nav-tabs mt-4" role="tablist">
          {tab('dessin', 'Signer à l’écran', 'bi bi-pen')}
          {tab('scan', 'Importer le bon signé', 'bi bi-upload')}
        </ul>
        <div className="border border-top-0 rounded-bottom p-3 mb-3">
          {form.data.mode === 'dessin' ? (
            <div role="tabpanel" id={`${uid}-panel-dessin`} aria-labelledby={`${uid}-tab-dessin`}>
              <SignaturePad
                id={`${uid}-signature`}
                onChange={(dataUrl) => {
                  form.setData('signature', dataUrl)
                  if (dataUrl) setLocalError({})
                }}
                error={localError.signature ?? errors.signature}
                describedBy={
                  (localError.signature ?? errors.signature) ? `${uid}-signature-error` : undefined
                }
              />
            </div>
          ) : (
            <div role="tabpanel" id={`${uid}-panel-scan`} aria-labelledby={`${uid}-tab-scan`}>
              <FieldGroup
                id={`${uid}-fichier`}
                label="Bon de commande signé"
                error={localError.fichier ?? errors.fichier}
                help="PDF, PNG ou JPEG, 5 Mo au plus (scan ou photo du bon signé par le client)."
                required
                className="mb-0"
              >
                {(control) => (
                  <input
                    {...control}
                    type="file"
                    name="fichier"
                    accept={ACCEPT}
                    className={`form-control ${control.className}`}
                    data-testid="signature-fichier"
                    onChange={(e) => {
                      const file = e.target.files?.[0] ?? null
                      setLocalError(
                        file && file.size > SIGNATURE_LIMITS.scanBytes
                          ? { fichier: 'Le fichier ne peut pas dépasser 5 Mo.' }
                          : {}
                      )
                      form.setData('fichier', file)
                    }}
                  />
                )}
              </FieldGroup>
            </div>
          )}
        </div>

        <div className="d-flex flex-wrap align-items-center gap-3">
          <SubmitButton
            processing={form.processing}
            icon="bi bi-check2-circle"
            variant="success"
            data-testid="signature-submit"
          >
            Valider la signature et créer la commande
          </SubmitButton>
          <span className="small text-body-secondary">
            La signature est définitive : le bon de commande ne pourra plus être modifié.
          </span>
        </div>
      </form>
    </Block>
  )
}
