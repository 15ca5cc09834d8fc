import { Head, Link } from '@inertiajs/react'
import SecondFactorForm from '../../components/profile/SecondFactorForm.js'
import { route } from '~/lib/route'

export type StepUpTwoFactorProps = {
  two_factor_enabled: boolean
}

export default function StepUpTwoFactor({ two_factor_enabled }: StepUpTwoFactorProps) {
  return (
    <>
      <Head title="Vérification de sécurité" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Vérification de sécurité</h1>
        <p className="text-body-secondary mb-0">
          Cette action est réservée à l’administration. Confirmez votre identité avec un code de
          votre application d’authentification ; la vérification vaut 15 minutes.
        </p>
      </div>
      {two_factor_enabled ? (
        <SecondFactorForm action={route('app.step_up.store')} submitLabel="Vérifier" />
      ) : (
        <div className="alert alert-warning" role="alert">
          Activez d’abord la double authentification depuis votre{' '}
          <Link href={route('app.profile')} className="alert-link">
            profil
          </Link>
          .
        </div>
      )}
      <p className="text-center text-body-secondary mt-4 mb-0">
        <Link href={route('app.dashboard')}>Annuler</Link>
      </p>
    </>
  )
}
