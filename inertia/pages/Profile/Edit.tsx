/*
 * Profile/Edit: identity, password, two-factor, the user's own textes modèles, and account
 * deletion (SPEC.md §2, Jetstream's parts). Reachable before the address is verified.
 */
import type { ReactNode } from 'react'
import { Head, usePage } from '@inertiajs/react'
import type { TwoFactorStatus } from '@shared/two_factor'
import type { SharedProps } from '~/types'
import PageHeader from '~/components/layout/PageHeader'
import Block from '~/components/ui/Block'
import UpdateProfileInformationForm from '~/components/profile/UpdateProfileInformationForm'
import UpdatePasswordForm from '~/components/profile/UpdatePasswordForm'
import TwoFactorSettings from '~/components/profile/TwoFactorSettings'
import PageTextes from '~/components/profile/PageTextes'
import DeleteUserForm from '~/components/profile/DeleteUserForm'
import type { UserTexteRow } from '~/components/texte/types'

export type ProfileEditProps = {
  twoFactor: TwoFactorStatus
  /** The user's textes modèles; null for accounts that write no documents. */
  textes: UserTexteRow[] | null
  /** Sociétés of which he is the only admin with other members (deletion waits). */
  deletionBlockedBy: string[]
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description: ReactNode
  children: ReactNode
}) {
  return (
    <section className="row mb-2" aria-labelledby={id} id={`section-${id}`}>
      <div className="col-lg-4">
        <h2 className="h5 fw-bold mt-lg-3" id={id}>
          {title}
        </h2>
        <p className="text-body-secondary small">{description}</p>
      </div>
      <div className="col-lg-8">
        <Block contentClassName="pb-3">{children}</Block>
      </div>
    </section>
  )
}

export default function Edit({ twoFactor, textes, deletionBlockedBy }: ProfileEditProps) {
  const { user } = usePage<SharedProps>().props
  if (!user) return null

  return (
    <>
      <Head title="Mon profil" />
      <PageHeader
        title="Mon profil"
        subtitle={user.email}
        breadcrumb={[{ label: 'Compte' }, { label: 'Profil' }]}
      />
      <div className="content">
        <Section
          id="profile-information-title"
          title="Informations du profil"
          description="Votre nom et l’adresse e-mail où vous recevez les liens de connexion et les notifications."
        >
          <UpdateProfileInformationForm user={user} />
        </Section>
        <Section
          id="password-title"
          title="Mot de passe"
          description="Un mot de passe long et propre à ce site protège votre compte."
        >
          <UpdatePasswordForm />
        </Section>
        <Section
          id="two-factor-section-title"
          title="Sécurité de la connexion"
          description="Un code de votre téléphone en plus du mot de passe. Obligatoire pour le personnel."
        >
          <TwoFactorSettings status={twoFactor} />
        </Section>
        {textes && (
          <Section
            id="textes-title"
            title="Mes textes"
            description="Vos propres versions des textes modèles de la société (introductions, conditions, e-mails). Elles remplacent le texte de la société dans vos documents."
          >
            <PageTextes textes={textes} />
          </Section>
        )}
        <Section
          id="delete-title"
          title="Supprimer mon compte"
          description="Supprime définitivement votre accès à l’application."
        >
          <DeleteUserForm blockedBy={deletionBlockedBy} />
        </Section>
      </div>
    </>
  )
}
