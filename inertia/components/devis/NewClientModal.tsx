/*
 * "Nouveau client" from the devis editor: the essential fields of the client form, posted as
 * JSON (POST /esi/devis/clients) so the editor keeps everything typed; the server's French
 * messages show next to each field. The full form stays on esi/customer.
 */
import { useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { CIVILITES, CLIENT_TYPE_LABELS, CLIENT_TYPES } from '@shared/clients'
import type { DevisClientOption } from '@shared/devis_editor'
import DialogModal from '../ui/DialogModal.js'
import { TextInput } from '../form/index.js'
import { SelectField } from '../clients/fields.js'
import { http, HttpError } from '../../lib/http.js'
import { route } from '~/lib/route'

export type NewClientModalProps = {
  show: boolean
  initialNom?: string
  onClose: () => void
  onCreated: (client: DevisClientOption) => void
}

const EMPTY = {
  type: 'particulier',
  civilite: '',
  nom: '',
  prenom: '',
  societe: '',
  numero_tva: '',
  email: '',
  telephone: '',
  facturation_rue: '',
  facturation_code_postal: '',
  facturation_localite: '',
}
type Data = typeof EMPTY

export default function NewClientModal({
  show,
  initialNom,
  onClose,
  onCreated,
}: NewClientModalProps) {
  // Mounted afresh each time it opens (ClientPicker), so the state starts empty
  const [data, setData] = useState<Data>({ ...EMPTY, nom: initialNom ?? '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (k: keyof Data) => (v: string) => setData((d) => ({ ...d, [k]: v }))
  const field = (k: keyof Data, label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      name={`new_client_${k}`}
      label={label}
      value={data[k]}
      onChange={set(k)}
      error={errors[k]}
      groupClassName="mb-3"
      {...props}
    />
  )

  async function submit(event: FormEvent) {
    event.preventDefault()
    // React events bubble through portals: the devis form around must not submit too
    event.stopPropagation()
    setBusy(true)
    setMessage(null)
    try {
      const body = Object.fromEntries(
        Object.entries(data).map(([k, v]) => [k, v.trim() === '' ? null : v])
      )
      const result = await http.post<{ client: DevisClientOption }>(
        route('esi.devis.clients.store'),
        body
      )
      onCreated(result.client)
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        const body = error.body as { errors?: Record<string, string>; message?: string }
        setErrors(body.errors ?? {})
        setMessage(body.message ?? 'Certains champs sont invalides : corrigez-les.')
      } else {
        setMessage(error instanceof Error ? error.message : 'Une erreur est survenue.')
      }
    } finally {
      setBusy(false)
    }
  }

  const professional = data.type === 'professionnel'
  // In a portal: the devis editor is itself a <form>, and forms cannot be nested
  return createPortal(
    <DialogModal
      show={show}
      onClose={onClose}
      size="lg"
      title="Nouveau client"
      footer={
        <>
          <button type="button" className="btn btn-alt-secondary" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" form="devis-new-client" className="btn btn-primary" disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
            Créer le client
          </button>
        </>
      }
    >
      <form id="devis-new-client" onSubmit={submit} noValidate>
        {message && (
          <div className="alert alert-danger py-2" role="alert">
            {message}
          </div>
        )}
        <div className="row g-3">
          <div className="col-sm-6">
            <SelectField
              name="new_client_type"
              label="Type"
              value={data.type}
              onChange={set('type')}
              options={CLIENT_TYPES.map((t) => ({ value: t, label: CLIENT_TYPE_LABELS[t] }))}
              error={errors.type}
              required
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              name="new_client_civilite"
              label="Civilité"
              value={data.civilite}
              onChange={set('civilite')}
              emptyLabel="—"
              options={CIVILITES.map((c) => ({ value: c, label: c }))}
              error={errors.civilite}
            />
          </div>
          <div className="col-sm-6">{field('nom', 'Nom', { required: true })}</div>
          <div className="col-sm-6">{field('prenom', 'Prénom')}</div>
          {professional && (
            <>
              <div className="col-sm-6">{field('societe', 'Société', { required: true })}</div>
              <div className="col-sm-6">{field('numero_tva', 'N° de TVA', { required: true })}</div>
            </>
          )}
          <div className="col-sm-6">{field('email', 'E-mail', { type: 'email' })}</div>
          <div className="col-sm-6">{field('telephone', 'Téléphone', { type: 'tel' })}</div>
          <div className="col-12">{field('facturation_rue', 'Rue et numéro')}</div>
          <div className="col-sm-4">{field('facturation_code_postal', 'Code postal')}</div>
          <div className="col-sm-8">{field('facturation_localite', 'Localité')}</div>
        </div>
      </form>
    </DialogModal>,
    document.body
  )
}
