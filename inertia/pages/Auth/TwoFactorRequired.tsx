import { Head, Link, useForm } from '@inertiajs/react'
import type { TwoFactorStatus } from '@shared/two_factor'
import TwoFactorSettings from '../../components/profile/TwoFactorSettings.js'
import { route } from '~/lib/route'

export type TwoFactorRequiredProps = {
  twoFactor: TwoFactorStatus
  /** The page that was asked for, reached once two-factor is on. */
  next: string
}

export default function TwoFactorRequired({ twoFactor, next }: TwoFactorRequiredProps) {
  const logout = useForm({})
  return (
    <>
      <Head title="Double authentification requise" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Double authentification requise</h1>
        <p className="text-body-secondary mb-0">
          Les comptes du personnel doivent être protégés par la double authentification avant
          d’accéder à l’espace ESI. Activez-la maintenant : cela prend une minute.
        </p>
      </div>
      <TwoFactorSettings status={twoFactor} manage={false} />
      {twoFactor.enabled && (
        <div className="d-grid mt-4">
          <Link href={next} className="btn btn-success">
            <i className="bi bi-arrow-right-circle me-2" aria-hidden="true" />
            J’ai noté mes codes, continuer
          </Link>
        </div>
      )}
      <div className="d-flex justify-content-between mt-4">
        <Link href={route('app.dashboard')}>Tableau de bord</Link>
        <button
          type="button"
          className="btn btn-link p-0"
          disabled={logout.processing}
          onClick={() => logout.post(route('app.logout'))}
        >
          Se déconnecter
        </button>
      </div>
    </>
  )
}
