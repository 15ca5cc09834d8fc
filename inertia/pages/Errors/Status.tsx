import { Head, Link, router, usePage } from '@inertiajs/react'
import type { SharedProps } from '../../types.js'
import { statusInfo } from '../../components/errors/status_info.js'
import PreviewBanner from '../../components/errors/PreviewBanner.js'
import { route } from '~/lib/route'

export type StatusProps = {
  status: number
  message: string
  preview?: boolean
}

export default function Status({ status, message, preview = false }: StatusProps) {
  // Shared props may be missing when the error happened before the session was read
  const user = usePage<SharedProps>().props.user ?? null
  const home = user ? route('app.dashboard') : route('public.welcome')
  const info = statusInfo(status)

  function goBack() {
    // A tab opened directly on the error has no history to go back to
    if (window.history.length > 1) window.history.back()
    else router.visit(home)
  }

  return (
    <>
      <Head title={info.title} />

      <div className="min-vh-100 d-flex flex-column align-items-center justify-content-center text-center px-3 py-5">
        <div className="w-100" style={{ maxWidth: 620 }}>
          {preview && <PreviewBanner current={status} />}

          <div className={`text-${info.color} mb-2`} aria-hidden="true">
            <i className={`${info.icon} display-4`} />
          </div>
          <div className={`display-1 fw-bold text-${info.color} lh-1 mb-3`} aria-hidden="true">
            {status}
          </div>
          <h1 className="h2 fw-bold mb-3">
            <span className="visually-hidden">Erreur {status} : </span>
            {info.title}
          </h1>
          <p className="lead text-body-secondary mb-4">{message}</p>

          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link href={home} className="btn btn-primary">
              <i className="bi bi-house me-2" aria-hidden="true" />
              Retour à l’accueil
            </Link>
            <button type="button" className="btn btn-outline-secondary" onClick={goBack}>
              <i className="bi bi-arrow-left me-2" aria-hidden="true" />
              Page précédente
            </button>
            {status === 419 && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => window.location.reload()}
              >
                <i className="bi bi-arrow-clockwise me-2" aria-hidden="true" />
                Recharger la page
              </button>
            )}
            {status === 401 && !user && (
              <Link href={route('guest.login')} className="btn btn-outline-primary">
                <i className="bi bi-box-arrow-in-right me-2" aria-hidden="true" />
                Se connecter
              </Link>
            )}
          </div>
        </div>
      </div>
    </>
  )
}
