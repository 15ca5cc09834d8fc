import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import DevisForm from '../../../components/devis/DevisForm.js'
import { route } from '../../../lib/route.js'
import type { DevisClientOption, DevisEditorOptions, DevisFormData } from '@shared/devis_editor'

export type DevisCreateProps = DevisEditorOptions & {
  form: DevisFormData
  client: DevisClientOption | null
}

/** esi/devis/Create: a new devis (brouillon, no number until it is sent). */
export default function DevisCreate({ form, client, commerciaux, textes }: DevisCreateProps) {
  return (
    <>
      <Head title="Nouveau devis" />
      <PageHeader
        title="Nouveau devis"
        subtitle="Brouillon : le numéro est attribué à l’envoi."
        breadcrumb={[{ label: 'Devis', href: route('esi.devis.index') }, { label: 'Nouveau' }]}
        actions={
          <Link href={route('esi.devis.index')} className="btn btn-alt-secondary">
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            Liste
          </Link>
        }
      />
      <div className="content">
        <DevisForm initial={form} client={client} commerciaux={commerciaux} textes={textes} />
      </div>
    </>
  )
}
