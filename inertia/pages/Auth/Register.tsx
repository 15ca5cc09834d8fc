import type { FormEvent } from 'react'
import { Head, Link, useForm } from '@inertiajs/react'
import {
  FormError,
  NewPasswordFields,
  SubmitButton,
  TextInput,
} from '../../components/form/index.js'
import { route } from '~/lib/route'

// Labels of the summary; field names are the ones the server's registerValidator reads
const LABELS = {
  name: 'Nom complet',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  password_confirmation: 'Confirmation du mot de passe',
}

export default function Register() {
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '' })

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post(route('guest.register.store'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    })
  }

  return (
    <>
      <Head title="Créer un compte" />
      <div>
        <div className="mb-4">
          <h1 className="h3 fw-bold mb-1">Créer un compte</h1>
          <p className="text-body-secondary mb-0">
            Créez votre accès. Un administrateur vous rattachera ensuite à votre société.
          </p>
        </div>

        <FormError errors={form.errors} labels={LABELS} compact className="mb-4" />

        <form onSubmit={submit} noValidate>
          <TextInput
            name="name"
            label="Nom complet"
            value={form.data.name}
            onChange={(v) => form.setData('name', v)}
            error={form.errors.name}
            autoComplete="name"
            maxLength={120}
            autoFocus
            required
          />
          <TextInput
            name="email"
            type="email"
            label="Adresse e-mail"
            value={form.data.email}
            onChange={(v) => form.setData('email', v)}
            error={form.errors.email}
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            required
          />
          <NewPasswordFields
            values={form.data}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
          />
          <SubmitButton processing={form.processing} icon="bi bi-person-plus" fullWidth>
            Créer mon compte
          </SubmitButton>
        </form>
        <p className="text-center text-body-secondary mt-4 mb-0">
          Déjà inscrit ? <Link href={route('guest.login')}>Se connecter</Link>
        </p>
      </div>
    </>
  )
}
