import { Head } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import { route } from '~/lib/route'
import OffreEditor from '../../components/offres/OffreEditor.js'
import type { OffreContactOption, OffreSocieteOption } from '@shared/offres'

export type CreateProps = {
  /** The user's pro sociétés (the first is the default). */
  societes: OffreSocieteOption[]
  /** Their contacts. */
  contacts: OffreContactOption[]
  defaults: {
    societe_id: number
    contact_id: number | null
    date_offre: string
    valable_jusqu_au: string
    adresse_chantier: string
  }
}

export default function Create({ societes, contacts, defaults }: CreateProps) {
  return (
    <>
      <Head title="Nouvelle offre" />
      <PageHeader
        title="Nouvelle offre"
        subtitle="Une offre à un de vos contacts, aux prix partenaires du catalogue"
        breadcrumb={[
          { label: 'Offres', href: route('partner.offres.index') },
          { label: 'Nouvelle offre' },
        ]}
      />
      <div className="content">
        <OffreEditor
          societes={societes}
          contacts={contacts}
          offreId={null}
          lockVersion={null}
          societeLocked={false}
          initial={{
            ...defaults,
            objet: '',
            remise_globale_pct: '0',
            intro: '',
            conditions: '',
            lignes: [],
          }}
        />
      </div>
    </>
  )
}
