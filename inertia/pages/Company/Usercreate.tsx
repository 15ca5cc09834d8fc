import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import UserForm, { type UserFormValues } from '../../components/company/UserForm.js'
import { FormError, SubmitButton } from '../../components/form/index.js'
import { ROLE_LABELS } from '../../components/dashboard/labels.js'
import type { SocieteRef } from '../../components/company/types.js'
import { route } from '~/lib/route'

export type UsercreateProps = {
  societe: SocieteRef
  /** Application role a new account gets (pro for a partner société…). */
  newAccountRole: string
}

export default function Usercreate({ societe, newAccountRole }: UsercreateProps) {
  const form = useForm<UserFormValues>({ email: '', name: '', role: 'membre' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(route('app.company.users.store', { id: societe.id }))
  }

  return (
    <>
      <Head title="Inviter un utilisateur" />
      <PageHeader
        title="Inviter un utilisateur"
        subtitle={societe.nom}
        breadcrumb={[
          { label: 'Sociétés', href: route('app.company.index') },
          { label: societe.nom, href: route('app.company.edit', { id: societe.id }) },
          { label: 'Inviter' },
        ]}
      />
      <div className="content content-boxed">
        <Block>
          <form onSubmit={submit} noValidate>
            <FormError
              errors={form.errors}
              labels={{ email: 'E-mail', name: 'Nom', role: 'Rôle' }}
              compact
            />
            <UserForm
              data={form.data}
              errors={form.errors}
              set={(field, value) => form.setData(field, value as never)}
              withIdentity
            />
            <p className="small text-body-secondary">
              Un nouveau compte reçoit le profil « {ROLE_LABELS[newAccountRole] ?? newAccountRole}{' '}
              ».
            </p>
            <div className="d-flex gap-2">
              <SubmitButton processing={form.processing} icon="bi bi-send">
                Envoyer l’invitation
              </SubmitButton>
              <Link
                href={route('app.company.edit', { id: societe.id })}
                className="btn btn-alt-secondary"
              >
                Annuler
              </Link>
            </div>
          </form>
        </Block>
      </div>
    </>
  )
}
