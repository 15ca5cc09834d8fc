import { Head, Link } from '@inertiajs/react'
import SecondFactorForm from '../../components/profile/SecondFactorForm.js'
import { route } from '~/lib/route'

export type FrontTwoFactorChallengeProps = Record<string, never>

export default function FrontTwoFactorChallenge() {
  return (
    <>
      <Head title="Double authentification" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Double authentification</h1>
        <p className="text-body-secondary mb-0">
          Saisissez le code affiché par votre application d’authentification pour terminer la
          connexion.
        </p>
      </div>
      <SecondFactorForm action={route('twofactor.challenge.store')} submitLabel="Se connecter" />
      <p className="text-center text-body-secondary mt-4 mb-0">
        <Link href={route('guest.login')}>Revenir à la connexion</Link>
      </p>
    </>
  )
}
