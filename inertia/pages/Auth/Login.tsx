import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import { Checkbox, PasswordInput, SubmitButton, TextInput } from '../../components/form/index.js'
import { route } from '~/lib/route'

export default function Login() {
  const form = useForm({ email: '', password: '', remember: false })

  function submit(event: FormEvent) {
    event.preventDefault()
    // On a refusal Inertia keeps the typed email; the password is cleared, as the server does
    form.post(route('guest.login.store'), { onFinish: () => form.reset('password') })
  }

  return (
    <>
      <Head title="Connexion" />
      <div>
        <div className="mb-4">
          <h1 className="h3 fw-bold mb-1">Connexion</h1>
          <p className="text-body-secondary mb-0">Bienvenue, veuillez vous connecter.</p>
        </div>

        <form onSubmit={submit} noValidate>
          <TextInput
            name="email"
            type="email"
            label="Adresse e-mail"
            value={form.data.email}
            onChange={(v) => form.setData('email', v)}
            error={form.errors.email}
            autoComplete="username"
            inputMode="email"
            autoFocus
            required
          />
          <PasswordInput
            name="password"
            label="Mot de passe"
            value={form.data.password}
            onChange={(v) => form.setData('password', v)}
            error={form.errors.password}
            autoComplete="current-password"
            required
            labelAside={<Link href={route('guest.password.request')}>Mot de passe oublié ?</Link>}
          />
          <Checkbox
            name="remember"
            label="Se souvenir de moi"
            checked={form.data.remember}
            onChange={(v) => form.setData('remember', v)}
            error={form.errors.remember}
          />
          <SubmitButton processing={form.processing} icon="bi bi-box-arrow-in-right" fullWidth>
            Se connecter
          </SubmitButton>
        </form>
        <p className="text-center text-body-secondary mt-4 mb-0">
          Pas encore de compte ? <Link href={route('guest.register')}>Créer un compte</Link>
        </p>
      </div>
    </>
  )
}
