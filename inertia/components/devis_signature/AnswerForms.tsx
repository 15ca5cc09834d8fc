/*
 * The customer's answer (issue 14 §1): « Accepter et signer » — his name, « Lu et approuvé »
 * typed, a signature drawn with the finger or the mouse (the staff's SignaturePad), the place
 * fixed « à distance », consent to the general conditions — or « Refuser » with a reason. The
 * French errors come back next to the fields and nothing typed is lost (the drawing is kept by
 * the canvas).
 */
import { useId, useState, type FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import SignaturePad from '../bdc/SignaturePad.js'
import { Checkbox, SubmitButton, TextInput } from '../form/index.js'
import { LIEU_SIGNATURE_LABELS, DELAI_RETRACTATION_JOURS } from '@shared/devis'
import {
  MENTION_ATTENDUE,
  SIGNATURE_EN_LIGNE_LIMITS as L,
  SIGNATURE_EN_LIGNE_MESSAGES as M,
  mentionValide,
} from '@shared/signature_en_ligne'

type Answer = 'accepter' | 'refuser'

type AcceptForm = {
  signataire: string
  mention: string
  signature: string | null
  consentement: boolean
  retenues: number[]
  lock_version: number
}

function FormAlert({ message }: { message?: string }) {
  if (!message) return null
  return (
    <div className="alert alert-danger" role="alert" data-testid="answer-error">
      <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
      {message}
    </div>
  )
}

function AcceptPanel({
  url,
  lockVersion,
  retenues,
  clientNom,
}: {
  url: string
  lockVersion: number
  retenues: number[]
  clientNom: string
}) {
  const uid = useId()
  const form = useForm<AcceptForm>({
    signataire: clientNom,
    mention: '',
    signature: null,
    consentement: false,
    retenues,
    lock_version: lockVersion,
  })
  const [local, setLocal] = useState<Partial<Record<keyof AcceptForm, string>>>({})
  const errors: Record<string, string | undefined> = { ...form.errors, ...local }

  function submit(event: FormEvent) {
    event.preventDefault()
    const found: Partial<Record<keyof AcceptForm, string>> = {}
    if (form.data.signataire.trim().length < 2) found.signataire = M.signataire
    if (!mentionValide(form.data.mention)) found.mention = M.mention
    if (!form.data.signature) found.signature = M.signature
    if (!form.data.consentement) found.consentement = M.consentement
    setLocal(found)
    if (Object.keys(found).length) return
    form.transform((d) => ({
      ...d,
      retenues,
      consentement: d.consentement ? '1' : '',
      signature: d.signature ?? '',
    }))
    form.post(url, { preserveScroll: true })
  }

  return (
    <form onSubmit={submit} noValidate data-testid="accept-form">
      <FormAlert message={errors._form} />
      <TextInput
        name="signataire"
        id={`${uid}-signataire`}
        label="Votre nom et prénom"
        value={form.data.signataire}
        onChange={(v) => form.setData('signataire', v)}
        error={errors.signataire}
        required
        maxLength={L.signataire}
        autoComplete="name"
        data-testid="accept-signataire"
      />
      <TextInput
        name="mention"
        id={`${uid}-mention`}
        label={`Recopiez la mention « ${MENTION_ATTENDUE} »`}
        value={form.data.mention}
        onChange={(v) => form.setData('mention', v)}
        error={errors.mention}
        required
        maxLength={L.mention}
        autoComplete="off"
        placeholder={MENTION_ATTENDUE}
        data-testid="accept-mention"
      />
      <div className="mb-4">
        <label className="form-label" htmlFor={`${uid}-signature`}>
          Votre signature
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </label>
        <SignaturePad
          id={`${uid}-signature`}
          height={180}
          onChange={(dataUrl) => form.setData('signature', dataUrl)}
          error={errors.signature}
          describedBy={errors.signature ? `${uid}-signature-error` : undefined}
        />
      </div>
      <p className="mb-3">
        <span className="text-body-secondary">Lieu de signature :</span>{' '}
        <strong>{LIEU_SIGNATURE_LABELS.distance}</strong>
        <br />
        <span className="small text-body-secondary">
          Contrat conclu à distance : vous disposez d’un délai de {DELAI_RETRACTATION_JOURS} jours à
          compter d’aujourd’hui pour vous rétracter sans frais (formulaire joint au bon de
          commande).
        </span>
      </p>
      <Checkbox
        name="consentement"
        id={`${uid}-consentement`}
        checked={form.data.consentement}
        onChange={(v) => form.setData('consentement', v)}
        error={errors.consentement}
        data-testid="accept-consentement"
        label={
          <>
            J’ai lu et j’accepte le devis et les{' '}
            <a href="#conditions-generales">conditions générales</a>.
          </>
        }
      />
      <SubmitButton
        variant="success"
        icon="bi bi-pen"
        processing={form.processing}
        processingLabel="Signature en cours…"
        fullWidth
        data-testid="accept-submit"
      >
        Accepter et signer le devis
      </SubmitButton>
    </form>
  )
}

function RefusePanel({ url, lockVersion }: { url: string; lockVersion: number }) {
  const uid = useId()
  const form = useForm({ motif: '', lock_version: lockVersion })
  const [local, setLocal] = useState<string | undefined>()
  const errors = form.errors as Record<string, string | undefined>
  const motifError = local ?? errors.motif

  function submit(event: FormEvent) {
    event.preventDefault()
    if (form.data.motif.trim().length < 2) {
      setLocal(M.motif)
      return
    }
    setLocal(undefined)
    form.post(url, { preserveScroll: true })
  }

  return (
    <form onSubmit={submit} noValidate data-testid="refuse-form">
      <FormAlert message={errors._form} />
      <div className="mb-4">
        <label className="form-label" htmlFor={`${uid}-motif`}>
          La raison de votre refus
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id={`${uid}-motif`}
          name="motif"
          className={`form-control ${motifError ? 'is-invalid' : ''}`}
          rows={4}
          maxLength={L.motif}
          value={form.data.motif}
          onChange={(e) => form.setData('motif', e.target.value)}
          aria-invalid={motifError ? true : undefined}
          aria-describedby={motifError ? `${uid}-motif-error` : undefined}
          data-testid="refuse-motif"
        />
        {motifError && (
          <div id={`${uid}-motif-error`} className="invalid-feedback d-block">
            {motifError}
          </div>
        )}
      </div>
      <SubmitButton
        variant="danger"
        icon="bi bi-x-circle"
        processing={form.processing}
        fullWidth
        data-testid="refuse-submit"
      >
        Refuser le devis
      </SubmitButton>
    </form>
  )
}

export default function AnswerForms({
  urls,
  lockVersion,
  retenues,
  clientNom,
}: {
  urls: { accepter: string; refuser: string }
  lockVersion: number
  retenues: number[]
  clientNom: string
}) {
  const [answer, setAnswer] = useState<Answer>('accepter')
  const tab = (value: Answer, label: string, icon: string) => (
    <li className="nav-item flex-fill" role="presentation">
      <button
        type="button"
        role="tab"
        aria-selected={answer === value}
        className={`nav-link w-100 ${answer === value ? 'active' : ''}`}
        onClick={() => setAnswer(value)}
        data-testid={`answer-tab-${value}`}
      >
        <i className={`${icon} me-1`} aria-hidden="true" />
        {label}
      </button>
    </li>
  )
  return (
    <section className="block block-rounded" aria-labelledby="votre-reponse">
      <div className="block-header block-header-default">
        <h2 className="block-title" id="votre-reponse">
          Votre réponse
        </h2>
      </div>
      <div className="block-content pb-4">
        <ul className="nav nav-pills mb-3 gap-2" role="tablist">
          {tab('accepter', 'Accepter', 'bi bi-check2-circle')}
          {tab('refuser', 'Refuser', 'bi bi-x-circle')}
        </ul>
        {/* Both stay mounted: switching never loses what was typed or drawn */}
        <div hidden={answer !== 'accepter'} role="tabpanel">
          <AcceptPanel
            url={urls.accepter}
            lockVersion={lockVersion}
            retenues={retenues}
            clientNom={clientNom}
          />
        </div>
        <div hidden={answer !== 'refuser'} role="tabpanel">
          <RefusePanel url={urls.refuser} lockVersion={lockVersion} />
        </div>
      </div>
    </section>
  )
}
