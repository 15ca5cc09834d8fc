/*
 * esi/compta/facture Edit: « Nouvelle facture » for a client without commande (repairs, SAV)
 * and the editor of its draft — the devis' editor shell (lines, live totals, unsaved-changes
 * guard, conflict alert), without texts. Issued from its page (Show).
 */
import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import { TextInput } from '../../../../components/form/index.js'
import ClientPicker from '../../../../components/devis/ClientPicker.js'
import { devisCatalogue } from '../../../../components/lignes/catalogue.js'
import DocumentEditorLayout from '../../../../components/document_editor/DocumentEditorLayout.js'
import { useDocumentEditor } from '../../../../components/document_editor/use_document_editor.js'
import type { DevisClientOption } from '@shared/devis_editor'
import type { FactureLibreForm } from '@shared/factures'
import { route } from '~/lib/route'

export type FactureEditProps = {
  facture: { id: number; lock_version: number; client_nom: string } | null
  form: FactureLibreForm
  client: DevisClientOption | null
}

const LABELS: Record<string, string> = {
  client_id: 'Client',
  objet: 'Objet',
  remise_globale_pct: 'Remise globale (%)',
}

export default function FactureEdit({ facture, form, client: initialClient }: FactureEditProps) {
  const [client, setClient] = useState<DevisClientOption | null>(initialClient)
  const editor = useDocumentEditor<FactureLibreForm>({
    initial: form,
    labels: LABELS,
    lockVersion: facture ? facture.lock_version : null,
    url: facture ? route('esi.factures.update', { id: facture.id }) : route('esi.factures.store'),
    onCreated: ({ id }) => router.visit(route('esi.factures.edit', { id })),
    createdMessage: 'Brouillon de facture créé.',
    failedMessage: 'La facture n’a pas pu être enregistrée : vérifiez votre connexion.',
  })
  const title = facture ? 'Brouillon de facture' : 'Nouvelle facture'

  const header = (
    <div className="row g-3">
      <div className="col-lg-6">
        <ClientPicker
          value={client}
          readOnly={!!facture}
          error={editor.errors.client_id}
          onChange={(c) => {
            setClient(c)
            editor.update((d) => ({ ...d, client_id: c?.id ?? null }))
          }}
        />
      </div>
      <div className="col-lg-6">
        <TextInput
          {...editor.field('objet')}
          maxLength={200}
          required
          placeholder="Ex. Réparation de la porte d’entrée"
          groupClassName="mb-0"
        />
      </div>
    </div>
  )

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={
          facture
            ? `${facture.client_nom} — sans numéro tant qu’elle n’est pas émise`
            : 'Facture libre, sans commande (réparation, SAV)'
        }
        breadcrumb={[
          { label: 'Factures', href: route('esi.compta.facture') },
          { label: facture ? 'Brouillon' : 'Nouvelle' },
        ]}
        actions={
          facture && (
            <Link
              href={route('esi.factures.show', { id: facture.id })}
              className="btn btn-alt-primary"
              data-testid="facture-edit-show"
            >
              <i className="bi bi-receipt me-1" aria-hidden="true" />
              Voir et émettre
            </Link>
          )
        }
      />
      <div className="content">
        <DocumentEditorLayout
          editor={editor}
          label="Facture"
          header={header}
          catalogue={devisCatalogue}
          texts={false}
          totalsFields={
            <div className="row g-2 mb-3">
              <div className="col-6">
                <TextInput
                  {...editor.field('remise_globale_pct')}
                  inputMode="decimal"
                  groupClassName="mb-0"
                />
              </div>
            </div>
          }
          totalsLabel="Totaux de la facture"
          notSavedTitle="La facture n’est pas enregistrée :"
          submitLabel={facture ? 'Enregistrer' : 'Créer le brouillon'}
          submitTestId="facture-save"
        />
      </div>
    </>
  )
}
