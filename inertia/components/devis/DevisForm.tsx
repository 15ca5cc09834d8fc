/*
 * The devis editor (esi/devis Create and Edit): its own fields — client, commercial, dates,
 * chantier, texts with the Textes modèles, remise and acompte — in the one document editor shell
 * (../document_editor): same save path, unsaved-changes guard and conflict alert as the offre's.
 */
import { useState, type ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { TextInput } from '../form/index.js'
import { SelectField } from '../clients/fields.js'
import ClientPicker from './ClientPicker.js'
import { devisCatalogue } from '../lignes/catalogue.js'
import TexteModeleButton from './TexteModeleButton.js'
import PartnerCommission from './PartnerCommission.js'
import DocumentEditorLayout from '../document_editor/DocumentEditorLayout.js'
import { useDocumentEditor, type SavedDocument } from '../document_editor/use_document_editor.js'
import { route } from '~/lib/route'
import {
  DEVIS_AFTER_SAVE_PROPS,
  type DevisClientOption,
  type DevisFormData,
  type DevisPartenaire,
  type DevisTexteOption,
  type DevisUserOption,
} from '@shared/devis_editor'

export type DevisFormProps = {
  initial: DevisFormData
  client: DevisClientOption | null
  commerciaux: DevisUserOption[]
  textes: { intro: DevisTexteOption[]; conditions: DevisTexteOption[] }
  /** Edit: the devis id, the version opened and its revision; Create: absent. */
  devisId?: number
  lockVersion?: number
  revision?: number
  readOnly?: boolean
  /** The optimistic-lock message of the last action, if any. */
  conflict?: string | null
  /** Shown above the form (e.g. "Modifier ce devis en crée une nouvelle version"). */
  notice?: ReactNode
  /** Told whether the form holds unsaved changes (the page's actions ask before leaving). */
  onDirtyChange?: (dirty: boolean) => void
  /** Label of the save button (default « Enregistrer », « Créer le devis » on Create). */
  submitLabel?: string
  /** A devis brought by a partner's offre: its origin and commission under the totals. */
  partenaire?: DevisPartenaire | null
}

const LABELS: Record<string, string> = {
  client_id: 'Client',
  commercial_id: 'Commercial',
  objet: 'Objet',
  date_devis: 'Date du devis',
  valable_jusqu_au: 'Valable jusqu’au',
  adresse_chantier: 'Adresse du chantier',
  intro: 'Introduction',
  conditions: 'Conditions',
  remise_globale_pct: 'Remise globale (%)',
  acompte_pct: 'Acompte (%)',
}

const insertInto = (current: string, text: string) =>
  current.trim() === '' ? text : `${current.replace(/\s+$/, '')}\n\n${text}`

/** The toast of a save: a sent devis saved becomes its next revision, a draft again. */
export function devisSavedMessage(saved: SavedDocument, revision: number | undefined) {
  const next = Number(saved.revision)
  return revision !== undefined && next > revision
    ? `Nouvelle version enregistrée (rév. ${next}) : le devis repasse en brouillon.`
    : 'Devis enregistré.'
}

export default function DevisForm({
  initial,
  client: initialClient,
  commerciaux,
  textes,
  devisId,
  lockVersion,
  revision,
  readOnly,
  conflict,
  notice,
  onDirtyChange,
  submitLabel,
  partenaire,
}: DevisFormProps) {
  const editor = useDocumentEditor<DevisFormData>({
    initial,
    labels: LABELS,
    lockVersion: devisId === undefined ? null : (lockVersion ?? 0),
    url:
      devisId === undefined ? route('esi.devis.store') : route('esi.devis.update', { id: devisId }),
    readOnly,
    conflict,
    onDirtyChange,
    onCreated: ({ id }) => router.visit(route('esi.devis.edit', { id })),
    // The page's statut, revisions and totals follow the save; its option lists do not change
    onSaved: () => router.reload({ only: [...DEVIS_AFTER_SAVE_PROPS] }),
    savedMessage: (saved) => devisSavedMessage(saved, revision),
    createdMessage: 'Devis créé (brouillon).',
    failedMessage: 'Le devis n’a pas pu être enregistré : vérifiez votre connexion.',
  })
  const { data, errors, set } = editor
  const [client, setClient] = useState<DevisClientOption | null>(initialClient)
  const text = (key: 'objet' | 'date_devis' | 'valable_jusqu_au' | 'adresse_chantier') => ({
    ...editor.field(key),
    groupClassName: 'mb-0',
  })

  const header = (
    <div className="row g-3">
      <div className="col-lg-6">
        <ClientPicker
          value={client}
          readOnly={readOnly}
          error={errors.client_id}
          onChange={(c) => {
            setClient(c)
            editor.update((d) => ({
              ...d,
              client_id: c?.id ?? null,
              adresse_chantier:
                c && !d.adresse_chantier.trim() ? (c.adresse_chantier ?? '') : d.adresse_chantier,
            }))
          }}
        />
      </div>
      <div className="col-lg-6">
        <SelectField
          name="commercial_id"
          label="Commercial"
          value={data.commercial_id ? String(data.commercial_id) : ''}
          onChange={(v) => set('commercial_id', v ? Number(v) : null)}
          emptyLabel="— Aucun —"
          options={commerciaux.map((u) => ({ value: String(u.id), label: u.name }))}
          error={errors.commercial_id}
          disabled={readOnly}
          groupClassName="mb-0"
        />
      </div>
      <div className="col-12">
        <TextInput
          {...text('objet')}
          maxLength={200}
          required
          placeholder="Ex. Remplacement de 6 châssis PVC"
        />
      </div>
      <div className="col-sm-6 col-lg-3">
        <TextInput {...text('date_devis')} type="date" />
      </div>
      <div className="col-sm-6 col-lg-3">
        <TextInput {...text('valable_jusqu_au')} type="date" />
      </div>
      <div className="col-lg-6">
        <TextInput {...text('adresse_chantier')} maxLength={300} />
      </div>
    </div>
  )

  const totalsFields = (
    <div className="row g-2 mb-3">
      {(['remise_globale_pct', 'acompte_pct'] as const).map((key) => (
        <div className="col-6" key={key}>
          <TextInput {...editor.field(key)} inputMode="decimal" groupClassName="mb-0" />
        </div>
      ))}
    </div>
  )

  return (
    <DocumentEditorLayout
      editor={editor}
      label="Devis"
      notice={notice}
      header={header}
      catalogue={devisCatalogue}
      texts={{
        rows: { intro: 5, conditions: 7 },
        aside: (key) => (
          <TexteModeleButton
            textes={textes[key]}
            onInsert={(t) => editor.update((d) => ({ ...d, [key]: insertInto(d[key], t) }))}
          />
        ),
      }}
      totalsFields={totalsFields}
      totalsNote={
        partenaire && (
          <PartnerCommission partenaire={partenaire} totalHt={editor.live.totals.total_ht} />
        )
      }
      totalsLabel="Totaux du devis"
      acomptePct={data.acompte_pct}
      withOptions
      notSavedTitle="Le devis n’est pas enregistré :"
      submitLabel={submitLabel ?? (devisId ? 'Enregistrer' : 'Créer le devis')}
    />
  )
}
