import { useState, type FormEvent } from 'react'
import { Head, Link } from '@inertiajs/react'
import { Checkbox, PasswordInput, SubmitButton, TextInput } from '../../components/form/index.js'
import { route } from '~/lib/route'

/**
 * Template demonstration of the sign-in card (SPEC.md §1: sample data only). The form posts
 * nothing: it only shows the fields, the error state and the submit button's states.
 */
export default function Auth() {
  const [data, setData] = useState({
    email: 'jean.exemple@exemple.be',
    password: '',
    remember: true,
  })
  const [processing, setProcessing] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const [submitted, setSubmitted] = useState(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    setProcessing(true)
    setSubmitted(false)
    window.setTimeout(() => {
      setProcessing(false)
      setSubmitted(true)
    }, 1200)
  }

  const errors = showErrors
    ? {
        email: 'Ces identifiants ne correspondent à aucun compte.',
        password: 'Ce champ est requis.',
      }
    : {}

  return (
    <>
      <Head title="Aperçu connexion" />
      <div>
        <div className="alert alert-info small d-flex align-items-center" role="note">
          <i className="bi bi-eye me-2" aria-hidden="true" />
          <span>
            <strong>Aperçu</strong> — formulaire d’exemple, il n’envoie rien.{' '}
            <Link href={route('preview.backend')} className="alert-link">
              Aperçu backend
            </Link>
          </span>
        </div>

        <div className="mb-4">
          <h1 className="h3 fw-bold mb-1">Connexion</h1>
          <p className="text-body-secondary mb-0">Bienvenue, veuillez vous connecter.</p>
        </div>
        {submitted && (
          <div className="alert alert-secondary small" role="status">
            Aperçu : aucune connexion n’est effectuée.
          </div>
        )}
        <form onSubmit={submit} noValidate>
          <TextInput
            id="preview-email"
            name="preview_email"
            type="email"
            label="Adresse e-mail"
            value={data.email}
            onChange={(email) => setData({ ...data, email })}
            error={errors.email}
            autoComplete="off"
            required
          />
          <PasswordInput
            id="preview-password"
            name="preview_password"
            label="Mot de passe"
            value={data.password}
            onChange={(password) => setData({ ...data, password })}
            error={errors.password}
            autoComplete="off"
            required
            labelAside={<a href="#preview-password">Mot de passe oublié ?</a>}
          />
          <Checkbox
            id="preview-remember"
            name="preview_remember"
            label="Se souvenir de moi"
            checked={data.remember}
            onChange={(remember) => setData({ ...data, remember })}
          />
          <SubmitButton processing={processing} icon="bi bi-box-arrow-in-right" fullWidth>
            Se connecter
          </SubmitButton>
        </form>

        <div className="d-flex justify-content-between align-items-center border-top pt-3 mt-4">
          <Checkbox
            id="preview-show-errors"
            name="preview_show_errors"
            label="Afficher l’état d’erreur"
            checked={showErrors}
            onChange={setShowErrors}
            groupClassName="mb-0"
            switchStyle
          />
          <span className="small text-body-secondary">Données d’exemple</span>
        </div>
      </div>
    </>
  )
}
