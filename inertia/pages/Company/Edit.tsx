import { Head, router, useForm } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import CompanyForm from '../../components/company/CompanyForm.js'
import LogoBlock from '../../components/company/LogoBlock.js'
import MembersBlock from '../../components/company/MembersBlock.js'
import type { MemberRow, SocieteDetail, SocieteFormValues } from '../../components/company/types.js'
import { confirmDelete } from '~/lib/dialogs'
import type { SocieteType } from '@shared/societes'
import { route } from '~/lib/route'

export type EditProps = {
  societe: SocieteDetail
  members: MemberRow[]
  /** The types it may take: all for staff, else only its own (the field is then locked). */
  types: SocieteType[]
  canManageMembers: boolean
  /** Staff with the admin droit. */
  canDelete: boolean
  /** Staff: may set a pro société's partner discount (issue 5). */
  canSetRemise: boolean
}

export default function Edit({
  societe,
  members,
  types,
  canManageMembers,
  canDelete,
  canSetRemise,
}: EditProps) {
  const { id, logo_url: logoUrl, ...values } = societe
  const form = useForm<SocieteFormValues>(values)

  async function destroy() {
    const ok = await confirmDelete({
      title: `Supprimer « ${societe.nom} » ?`,
      text: 'Ses utilisateurs en seront détachés et ses contacts supprimés. Cette action est définitive.',
    })
    if (ok) router.delete(route('admin.company.destroy', { id }))
  }

  return (
    <>
      <Head title={societe.nom} />
      <PageHeader
        title={societe.nom}
        subtitle="Fiche de la société"
        breadcrumb={[
          { label: 'Sociétés', href: route('app.company.index') },
          { label: societe.nom },
        ]}
        actions={
          canDelete && (
            <button type="button" className="btn btn-alt-danger" onClick={destroy}>
              <i className="bi bi-trash me-1" aria-hidden="true" />
              Supprimer
            </button>
          )
        }
      />
      <div className="content">
        <div className="row g-4">
          <div className="col-xl-8">
            <Block title="Informations">
              <CompanyForm
                form={form}
                types={types}
                submitLabel="Enregistrer"
                canSetRemise={canSetRemise}
                onSubmit={() =>
                  form.put(route('app.company.update', { id }), {
                    preserveScroll: true,
                    // The next save carries the version just written; a refused one keeps its
                    // stale version (and what was typed) until the page is reloaded
                    onSuccess: (page) =>
                      form.setData(
                        'lock_version',
                        (page.props as unknown as EditProps).societe.lock_version
                      ),
                  })
                }
              />
            </Block>
          </div>
          <div className="col-xl-4">
            <LogoBlock societeId={id} logoUrl={logoUrl} />
            <MembersBlock societeId={id} members={members} canManage={canManageMembers} />
          </div>
        </div>
      </div>
    </>
  )
}
