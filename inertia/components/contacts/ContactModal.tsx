/*
 * Create or edit a contact in a modal (Bootstrap markup driven by React): Escape and the close
 * button close it, focus goes to the first field and comes back to the opener afterwards.
 */
import { useEffect, useEffectEvent, useRef, type FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import { FieldGroup, FormError, SubmitButton, TextInput } from '../form/index.js'
import FormConflict, { withoutConflict } from '../form/FormConflict.js'
import { CONTACT_LIMITS } from '@shared/societes'
import {
  contactFormValues,
  type ContactDetail,
  type ContactFormValues,
  type SocieteOption,
} from './types.js'
import { route } from '~/lib/route'

type Field = Exclude<keyof ContactFormValues, 'lock_version'>

const LABELS: Record<Field, string> = {
  societe_id: 'Société',
  nom: 'Nom',
  prenom: 'Prénom',
  email: 'E-mail',
  telephone: 'Téléphone',
  adresse: 'Adresse',
  code_postal: 'Code postal',
  localite: 'Localité',
  notes: 'Notes',
}

export interface ContactModalProps {
  /** null = a new contact. */
  contact: ContactDetail | null
  societes: SocieteOption[]
  onClose: () => void
}

export default function ContactModal({ contact, societes, onClose }: ContactModalProps) {
  const form = useForm<ContactFormValues>(contactFormValues(contact, societes))
  const dialog = useRef<HTMLDivElement>(null)
  // The latest onClose, without re-running the focus effect when the parent re-renders
  const closeOnEscape = useEffectEvent(() => onClose())
  const title = contact
    ? `Modifier ${[contact.prenom, contact.nom].filter(Boolean).join(' ')}`
    : 'Nouveau contact'

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeOnEscape()
    document.addEventListener('keydown', onKey)
    document.body.classList.add('modal-open')
    dialog.current?.querySelector<HTMLElement>('select, input')?.focus()
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.classList.remove('modal-open')
      opener?.focus()
    }
  }, [])

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = { preserveScroll: true, onSuccess: onClose }
    if (contact) form.put(route('partner.contacts.update', { id: contact.id }), options)
    else form.post(route('partner.contacts.store'), options)
  }

  const text = (field: Field, extra: Record<string, unknown> = {}) => (
    <TextInput
      name={field}
      label={LABELS[field]}
      value={form.data[field]}
      onChange={(v) => form.setData(field, v)}
      error={form.errors[field]}
      {...extra}
    />
  )

  return (
    <>
      <div
        className="modal d-block"
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="contact-modal-title"
        ref={dialog}
      >
        <div className="modal-dialog modal-lg modal-dialog-scrollable">
          <form className="modal-content" onSubmit={submit} noValidate>
            <div className="modal-header">
              <h2 id="contact-modal-title" className="modal-title h5">
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label="Fermer" onClick={onClose} />
            </div>
            <div className="modal-body">
              <FormConflict errors={form.errors} />
              <FormError errors={withoutConflict(form.errors)} labels={LABELS} compact />
              <FieldGroup
                id="societe_id"
                label={LABELS.societe_id}
                error={form.errors.societe_id}
                required
              >
                {(control) => (
                  <select
                    {...control}
                    name="societe_id"
                    className={`form-select ${control.className}`}
                    value={form.data.societe_id}
                    onChange={(e) => form.setData('societe_id', e.target.value)}
                  >
                    {societes.length !== 1 && <option value="">Choisissez…</option>}
                    {societes.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.nom}
                      </option>
                    ))}
                  </select>
                )}
              </FieldGroup>
              <div className="row">
                <div className="col-md-6">
                  {text('prenom', { maxLength: CONTACT_LIMITS.prenom, autoComplete: 'off' })}
                </div>
                <div className="col-md-6">
                  {text('nom', {
                    maxLength: CONTACT_LIMITS.nom,
                    required: true,
                    autoComplete: 'off',
                  })}
                </div>
                <div className="col-md-6">
                  {text('email', {
                    type: 'email',
                    maxLength: CONTACT_LIMITS.email,
                    autoComplete: 'off',
                  })}
                </div>
                <div className="col-md-6">
                  {text('telephone', {
                    type: 'tel',
                    maxLength: CONTACT_LIMITS.telephone,
                    autoComplete: 'off',
                  })}
                </div>
                <div className="col-12">
                  {text('adresse', { maxLength: CONTACT_LIMITS.adresse, autoComplete: 'off' })}
                </div>
                <div className="col-md-4">
                  {text('code_postal', { maxLength: 10, autoComplete: 'off' })}
                </div>
                <div className="col-md-8">
                  {text('localite', { maxLength: CONTACT_LIMITS.localite, autoComplete: 'off' })}
                </div>
              </div>
              <FieldGroup
                id="notes"
                label={LABELS.notes}
                error={form.errors.notes}
                className="mb-0"
              >
                {(control) => (
                  <textarea
                    {...control}
                    name="notes"
                    rows={4}
                    maxLength={CONTACT_LIMITS.notes}
                    className={`form-control ${control.className}`}
                    value={form.data.notes}
                    onChange={(e) => form.setData('notes', e.target.value)}
                  />
                )}
              </FieldGroup>
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-alt-secondary" onClick={onClose}>
                Annuler
              </button>
              <SubmitButton processing={form.processing} icon="bi bi-check-lg">
                {contact ? 'Enregistrer' : 'Créer le contact'}
              </SubmitButton>
            </div>
          </form>
        </div>
      </div>
      <div className="modal-backdrop show" onClick={onClose} aria-hidden="true" />
    </>
  )
}
