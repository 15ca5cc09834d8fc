/*
 * The offre editor (offres/Create and offres/Edit): its own fields — société (when the user has
 * several), contact, dates, objet, remise, chantier, texts — in the one document editor shell
 * (../document_editor): same save path, unsaved-changes guard and conflict alert as the devis'.
 * The products come at the partner price of the chosen société.
 */
import { useMemo } from 'react'
import { router } from '@inertiajs/react'
import { FieldGroup, TextInput } from '../form/index.js'
import { offreCatalogue } from '../lignes/catalogue.js'
import DocumentEditorLayout from '../document_editor/DocumentEditorLayout.js'
import { useDocumentEditor } from '../document_editor/use_document_editor.js'
import { route } from '~/lib/route'
import type { OffreContactOption, OffreFormValues, OffreSocieteOption } from '@shared/offres'
import { OFFRE_LIMITS } from '@shared/offres'

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

const LABELS: Record<string, string> = {
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
  lockVersion,
  societeLocked,
  onSaved,
  onDirtyChange,
}: OffreEditorProps) {
  const editor = useDocumentEditor<OffreFormValues>({
    initial,
    labels: LABELS,
    lockVersion: offreId === null ? null : (lockVersion ?? 0),
    url:
      offreId === null
        ? route('partner.offres.store')
        : route('partner.offres.update', { id: offreId }),
    onDirtyChange,
    // The server flashes « L’offre est enregistrée (brouillon). » for the edit page
    onCreated: ({ id }) => router.visit(route('partner.offres.edit', { id })),
    onSaved,
    failedMessage: 'L’offre n’a pas pu être enregistrée : vérifiez votre connexion.',
  })
  const { data, errors, set } = editor
  // Products at the partner price of the chosen société (stable: the search effect depends on it)
  const catalogue = useMemo(() => offreCatalogue(data.societe_id), [data.societe_id])
  const societeContacts = contacts.filter((c) => c.societe_id === data.societe_id)
  const societe = societes.find((s) => s.id === data.societe_id) ?? null

  function chooseContact(id: number | null) {
    const contact = contacts.find((c) => c.id === id)
    set('contact_id', id)
    // The site is usually the contact's address: filled in when still empty
    editor.update((h) => ({ ...h, adresse_chantier: h.adresse_chantier || contact?.adresse || '' }))
  }

  const header = (
    <div className="row">
      {!societeLocked && societes.length > 1 && (
        <div className="col-md-6">
          <FieldGroup id="societe_id" label="Société émettrice" error={errors.societe_id} required>
            {(control) => (
              <select
                {...control}
                className={`form-select ${control.className}`}
                value={data.societe_id ?? ''}
                onChange={(e) => {
                  const id = Number(e.target.value)
                  editor.update((h) => ({ ...h, societe_id: id, contact_id: null }))
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
                <a href={route('partner.contacts.index')}>créez-en un d’abord</a>.
              </>
            ) : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              name="contact_id"
              className={`form-select ${control.className}`}
              value={data.contact_id ?? ''}
              onChange={(e) => chooseContact(e.target.value === '' ? null : Number(e.target.value))}
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
        <TextInput {...editor.field('date_offre')} type="date" required />
      </div>
      <div className="col-md-3">
        <TextInput {...editor.field('valable_jusqu_au')} type="date" required />
      </div>
      <div className="col-md-8">
        <TextInput
          {...editor.field('objet')}
          maxLength={OFFRE_LIMITS.objet}
          placeholder="Remplacement des châssis du rez-de-chaussée"
          required
        />
      </div>
      <div className="col-md-4">
        <TextInput
          {...editor.field('remise_globale_pct')}
          inputMode="decimal"
          inputClassName="text-end"
        />
      </div>
      <div className="col-12">
        <TextInput
          {...editor.field('adresse_chantier')}
          maxLength={OFFRE_LIMITS.adresse_chantier}
        />
      </div>
    </div>
  )

  const partenaire = societe ? Number(societe.remise_partenaire_pct.replace(',', '.')) : 0

  return (
    <DocumentEditorLayout
      editor={editor}
      label="Offre"
      id="offre-editor"
      header={header}
      catalogue={catalogue}
      texts={{ rows: { intro: 4, conditions: 4 }, maxLength: OFFRE_LIMITS.texte }}
      totalsLabel="Totaux de l’offre"
      totalsNote={
        societe &&
        partenaire > 0 && (
          <p className="small text-body-secondary mt-2 mb-0">
            Prix partenaire : catalogue − {societe.remise_partenaire_pct.replace('.', ',')} %.
          </p>
        )
      }
      notSavedTitle="L’offre n’est pas enregistrée :"
      submitLabel={offreId === null ? 'Créer l’offre' : 'Enregistrer'}
      submitTestId="offre-save"
    />
  )
}
