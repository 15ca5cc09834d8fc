import type { FormEvent } from 'react'
import { Head, Link, router, useForm } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import UserForm from '../../components/company/UserForm.js'
import { SubmitButton } from '../../components/form/index.js'
import { confirmDelete } from '~/lib/dialogs'
import type { MemberRow, SocieteRef } from '../../components/company/types.js'
import type { MemberRole } from '@shared/societes'
import { route } from '~/lib/route'

export type UsereditProps = {
  societe: SocieteRef
  member: MemberRow
  /** The only admin: he can be neither demoted nor removed. */
  isLastAdmin: boolean
}

export default function Useredit({ societe, member, isLastAdmin }: UsereditProps) {
  const form = useForm<{ role: MemberRole }>({ role: member.role })
  const lockedMessage = isLastAdmin
    ? 'Seul administrateur de la société : nommez-en un autre avant de changer son rôle ou de le retirer.'
    : null

  function submit(event: FormEvent) {
    event.preventDefault()
    form.put(route('app.company.users.update', { id: member.membership_id }))
  }

  async function remove() {
    const ok = await confirmDelete({
      title: `Retirer ${member.name} ?`,
      text: member.is_self
        ? 'Vous ne ferez plus partie de cette société.'
        : 'Cette personne ne verra plus la société. Son compte n’est pas supprimé.',
    })
    if (ok) router.delete(route('app.company.users.destroy', { id: member.membership_id }))
  }

  return (
    <>
      <Head title={member.name} />
      <PageHeader
        title={member.name}
        subtitle={`${member.email} — ${societe.nom}`}
        breadcrumb={[
          { label: 'Sociétés', href: route('app.company.index') },
          { label: societe.nom, href: route('app.company.edit', { id: societe.id }) },
          { label: member.name },
        ]}
      />
      <div className="content content-boxed">
        <Block>
          {member.pending && (
            <div className="alert alert-warning">
              Invitation en attente : cette personne n’a pas encore choisi son mot de passe.
            </div>
          )}
          <form onSubmit={submit} noValidate>
            <UserForm
              data={form.data}
              errors={form.errors}
              set={(_field, value) => form.setData('role', value as MemberRole)}
              withIdentity={false}
              roleLocked={lockedMessage}
            />
            <div className="d-flex flex-wrap gap-2">
              <SubmitButton
                processing={form.processing}
                icon="bi bi-check-lg"
                disabled={isLastAdmin}
              >
                Enregistrer
              </SubmitButton>
              <button
                type="button"
                className="btn btn-alt-danger"
                onClick={remove}
                disabled={isLastAdmin}
              >
                <i className="bi bi-person-dash me-1" aria-hidden="true" />
                Retirer de la société
              </button>
              <Link
                href={route('app.company.edit', { id: societe.id })}
                className="btn btn-alt-secondary ms-auto"
              >
                Retour
              </Link>
            </div>
          </form>
        </Block>
      </div>
    </>
  )
}
