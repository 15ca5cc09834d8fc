import { Head, useForm } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import CompanyForm from '../../components/company/CompanyForm.js'
import { EMPTY_SOCIETE, type SocieteFormValues } from '../../components/company/types.js'
import type { SocieteType } from '@shared/societes'
import { route } from '~/lib/route'

export type CreateProps = {
  /** Types this user may create (staff: all; a partner: pro or client; others: client). */
  types: SocieteType[]
  /** Staff: may set a pro société's partner discount. */
  canSetRemise: boolean
}

export default function Create({ types, canSetRemise }: CreateProps) {
  const form = useForm<SocieteFormValues>({ ...EMPTY_SOCIETE, type: types[0] ?? 'client' })
  return (
    <>
      <Head title="Nouvelle société" />
      <PageHeader
        title="Nouvelle société"
        subtitle="Le logo et les utilisateurs s’ajoutent ensuite, depuis la fiche de la société."
        breadcrumb={[
          { label: 'Sociétés', href: route('app.company.index') },
          { label: 'Nouvelle société' },
        ]}
      />
      <div className="content">
        <Block>
          <CompanyForm
            form={form}
            types={types}
            submitLabel="Créer la société"
            canSetRemise={canSetRemise}
            onSubmit={() => form.post(route('app.company.store'))}
          />
        </Block>
      </div>
    </>
  )
}
