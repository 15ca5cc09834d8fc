/*
 * Create or edit a client in a modal (esi/customer Index and Show). The server validates and
 * answers French messages, shown next to each field.
 */
import type { FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import FormConflict, { withoutConflict } from '../form/FormConflict.js'
import {
  CIVILITES,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type ClientDetail,
  type SocieteOption,
} from '@shared/clients'
import DialogModal from '../ui/DialogModal.js'
import { FormError, SubmitButton, TextInput } from '../form/index.js'
import { SelectField, TextAreaField } from './fields.js'
import { route } from '~/lib/route'
import { ECHEANCE_JOURS_DEFAUT } from '@shared/factures'

export interface ClientFormModalProps {
  show: boolean
  onClose: () => void
  /** The client to edit; a new one when absent. */
  client?: ClientDetail | null
  apporteurs: SocieteOption[]
}

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v).replace('.', ',')

function initialData(c?: ClientDetail | null) {
  return {
    type: c?.type ?? 'particulier',
    civilite: c?.civilite ?? '',
    nom: c?.nom ?? '',
    prenom: c?.prenom ?? '',
    societe: c?.societe ?? '',
    numero_tva: c?.numero_tva ?? '',
    email: c?.email ?? '',
    telephone: c?.telephone ?? '',
    gsm: c?.gsm ?? '',
    facturation_rue: c?.facturation_rue ?? '',
    facturation_code_postal: c?.facturation_code_postal ?? '',
    facturation_localite: c?.facturation_localite ?? '',
    facturation_pays: c?.facturation_pays ?? 'BE',
    chantier_rue: c?.chantier_rue ?? '',
    chantier_code_postal: c?.chantier_code_postal ?? '',
    chantier_localite: c?.chantier_localite ?? '',
    chantier_lat: text(c?.chantier_lat),
    chantier_lng: text(c?.chantier_lng),
    apporteur_id: c?.apporteur ? String(c.apporteur.id) : '',
    notes: c?.notes ?? '',
    delai_paiement_jours: text(c?.delai_paiement_jours),
    /** Sent with an edit (optimistic lock); ignored on creation. */
    lock_version: c?.lock_version ?? 0,
  }
}

type ClientFormData = ReturnType<typeof initialData>

const LABELS: Record<Exclude<keyof ClientFormData, 'lock_version'>, string> = {
  type: 'Type',
  civilite: 'Civilité',
  nom: 'Nom',
  prenom: 'Prénom',
  societe: 'Société',
  numero_tva: 'N° de TVA',
  email: 'E-mail',
  telephone: 'Téléphone',
  gsm: 'GSM',
  facturation_rue: 'Rue et numéro',
  facturation_code_postal: 'Code postal',
  facturation_localite: 'Localité',
  facturation_pays: 'Pays',
  chantier_rue: 'Rue et numéro (chantier)',
  chantier_code_postal: 'Code postal (chantier)',
  chantier_localite: 'Localité (chantier)',
  chantier_lat: 'Latitude',
  chantier_lng: 'Longitude',
  apporteur_id: 'Apporteur',
  notes: 'Notes',
  delai_paiement_jours: 'Délai de paiement (jours)',
}

export default function ClientFormModal({
  show,
  onClose,
  client,
  apporteurs,
}: ClientFormModalProps) {
  const form = useForm<ClientFormData>(initialData(client))
  const { data, errors } = form
  const professional = data.type === 'professionnel'

  const field = (
    name: Exclude<keyof ClientFormData, 'lock_version' | 'type'>,
    props: Record<string, unknown> = {}
  ) => (
    <TextInput
      name={name}
      label={LABELS[name]}
      value={data[name]}
      onChange={(v) => form.setData(name, v)}
      error={errors[name]}
      groupClassName="mb-3"
      {...props}
    />
  )

  function close() {
    form.clearErrors()
    form.setData(initialData(client))
    onClose()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const options = { preserveScroll: true, onSuccess: () => onClose() }
    if (client) form.put(route('esi.customers.update', { id: client.id_client }), options)
    else form.post(route('esi.customers.store'), options)
  }

  function copyBillingAddress() {
    form.setData({
      ...data,
      chantier_rue: data.facturation_rue,
      chantier_code_postal: data.facturation_code_postal,
      chantier_localite: data.facturation_localite,
    })
  }

  return (
    <DialogModal
      show={show}
      onClose={close}
      size="lg"
      title={client ? `Modifier le client n° ${client.id_client}` : 'Nouveau client'}
    >
      <form onSubmit={submit} noValidate id="client-form">
        <FormConflict errors={errors} />
        <FormError errors={withoutConflict(errors)} labels={LABELS} compact />

        <fieldset className="mb-2">
          <legend className="h6 fw-bold">Identité</legend>
          <div className="row g-3">
            <div className="col-sm-6">
              <SelectField
                name="type"
                label="Type"
                value={data.type}
                onChange={(v) => form.setData('type', v as ClientFormData['type'])}
                options={CLIENT_TYPES.map((t) => ({ value: t, label: CLIENT_TYPE_LABELS[t] }))}
                error={errors.type}
                required
                groupClassName="mb-0"
              />
            </div>
            <div className="col-sm-6">
              <SelectField
                name="civilite"
                label="Civilité"
                value={data.civilite}
                onChange={(v) => form.setData('civilite', v as ClientFormData['civilite'])}
                options={CIVILITES.map((c) => ({ value: c, label: c }))}
                emptyLabel="—"
                error={errors.civilite}
                groupClassName="mb-0"
              />
            </div>
            <div className="col-sm-6">{field('nom', { required: true, maxLength: 120 })}</div>
            <div className="col-sm-6">{field('prenom', { maxLength: 120 })}</div>
            {professional && (
              <>
                <div className="col-sm-6">
                  {field('societe', { required: true, maxLength: 160 })}
                </div>
                <div className="col-sm-6">
                  {field('numero_tva', {
                    required: true,
                    placeholder: 'BE0123456789',
                    help: 'Vérifié (clé modulo 97).',
                  })}
                </div>
              </>
            )}
          </div>
        </fieldset>

        <fieldset className="mb-2">
          <legend className="h6 fw-bold">Contact</legend>
          <div className="row g-3">
            <div className="col-sm-6">{field('email', { type: 'email', inputMode: 'email' })}</div>
            <div className="col-sm-3">
              {field('telephone', { type: 'tel', placeholder: '081 22 33 44' })}
            </div>
            <div className="col-sm-3">
              {field('gsm', { type: 'tel', placeholder: '0478 12 34 56' })}
            </div>
          </div>
        </fieldset>

        <fieldset className="mb-2">
          <legend className="h6 fw-bold">Adresse de facturation</legend>
          <div className="row g-3">
            <div className="col-12">{field('facturation_rue')}</div>
            <div className="col-sm-3">
              {field('facturation_code_postal', { inputMode: 'numeric' })}
            </div>
            <div className="col-sm-6">{field('facturation_localite')}</div>
            <div className="col-sm-3">{field('facturation_pays', { maxLength: 2 })}</div>
          </div>
        </fieldset>

        <fieldset className="mb-2">
          <legend className="h6 fw-bold d-flex justify-content-between align-items-center">
            Adresse du chantier
            <button
              type="button"
              className="btn btn-sm btn-alt-secondary"
              onClick={copyBillingAddress}
            >
              <i className="bi bi-copy me-1" aria-hidden="true" />
              Reprendre l’adresse de facturation
            </button>
          </legend>
          <div className="row g-3">
            <div className="col-12">{field('chantier_rue')}</div>
            <div className="col-sm-3">
              {field('chantier_code_postal', { inputMode: 'numeric' })}
            </div>
            <div className="col-sm-9">{field('chantier_localite')}</div>
            <div className="col-sm-6">
              {field('chantier_lat', { inputMode: 'decimal', placeholder: '50,4669' })}
            </div>
            <div className="col-sm-6">
              {field('chantier_lng', { inputMode: 'decimal', placeholder: '4,8675' })}
            </div>
          </div>
        </fieldset>

        <SelectField
          name="apporteur_id"
          label="Apporteur (partenaire professionnel)"
          value={data.apporteur_id}
          onChange={(v) => form.setData('apporteur_id', v)}
          options={apporteurs.map((s) => ({ value: String(s.id), label: s.nom }))}
          emptyLabel="— Aucun —"
          error={errors.apporteur_id}
          groupClassName="mb-3"
        />
        {field('delai_paiement_jours', {
          inputMode: 'numeric',
          placeholder: String(ECHEANCE_JOURS_DEFAUT),
          help: `Échéance des factures de ce client. Vide : ${ECHEANCE_JOURS_DEFAUT} jours (délai de l’entreprise).`,
        })}
        <TextAreaField
          name="notes"
          label="Notes"
          value={data.notes}
          onChange={(v) => form.setData('notes', v)}
          error={errors.notes}
          maxLength={5000}
          groupClassName="mb-3"
        />

        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-alt-secondary" onClick={close}>
            Annuler
          </button>
          <SubmitButton processing={form.processing} icon="bi bi-check-lg">
            {client ? 'Enregistrer' : 'Créer le client'}
          </SubmitButton>
        </div>
      </form>
    </DialogModal>
  )
}
