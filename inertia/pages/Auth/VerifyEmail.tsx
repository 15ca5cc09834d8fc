import type { FormEvent } from 'react'
import { Head, Link, useForm, usePage } from '@inertiajs/react'
import type { SharedProps } from '../../types.js'
import { SubmitButton } from '../../components/form/index.js'
import { route } from '~/lib/route'

export type VerifyEmailProps = {
  email: string
}

export default function VerifyEmail({ email }: VerifyEmailProps) {
  const { flash } = usePage<SharedProps>().props
  const resend = useForm({})
  const logout = useForm({})

  function submit(event: FormEvent) {
    event.preventDefault()
    resend.post(route('app.verification.send'), { preserveScroll: true })
  }

  return (
    <>
      <Head title="Vérifiez votre adresse e-mail" />
      <div className="mb-4">
        <h1 className="h3 fw-bold mb-1">Vérifiez votre adresse e-mail</h1>
        <p className="text-body-secondary mb-0">
          Nous avons envoyé un lien de vérification à <strong>{email}</strong>. Ouvrez-le pour
          activer votre compte : il est valable 60 minutes.
        </p>
      </div>
      {flash.error && (
        <div className="alert alert-warning" role="alert">
          {flash.error}
        </div>
      )}
      {flash.success && (
        <div className="alert alert-success" role="status">
          {flash.success}
        </div>
      )}
      <p className="small text-body-secondary">
        Rien reçu ? Vérifiez vos courriers indésirables, puis demandez un nouvel e-mail.
      </p>
      <form onSubmit={submit}>
        <SubmitButton processing={resend.processing} icon="bi bi-envelope-arrow-up" fullWidth>
          Renvoyer l’e-mail
        </SubmitButton>
      </form>
      <div className="d-flex justify-content-between mt-4">
        <Link href={route('app.profile')}>Mon profil</Link>
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
