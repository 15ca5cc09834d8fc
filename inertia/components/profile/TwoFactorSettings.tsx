/*
 * Two-factor settings (TOTP), for Profile/Edit and the TwoFactorRequired page. Each action posts
 * to the server, which may first ask for the password (ConfirmPassword) and then comes back here.
 * The server says what to show through `status` (app/services/two_factor.ts twoFactorStatus).
 */
import { useState, type FormEvent } from 'react'
import { useForm } from '@inertiajs/react'
import type { TwoFactorStatus } from '@shared/two_factor'
import { PasswordInput, SubmitButton, TextInput } from '../form/index.js'
import { route } from '~/lib/route'

export type TwoFactorSettingsProps = {
  status: TwoFactorStatus
  /** Offer to regenerate the codes and to turn two-factor off (false on the setup-only page). */
  manage?: boolean
}

const URLS = {
  enable: route('app.two_factor.enable'),
  confirm: route('app.two_factor.confirm'),
  recoveryCodes: route('app.two_factor.recovery_codes'),
  disable: route('app.two_factor.disable'),
}

const KEEP_PLACE = { preserveScroll: true }

/** "JBSW Y3DP EHPK 3PXP": easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret
}

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div className="alert alert-warning" role="status">
      <p className="fw-semibold mb-2">
        <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
        Conservez ces codes de récupération en lieu sûr : ils ne seront plus affichés.
      </p>
      <p className="small mb-2">
        Chaque code permet une seule connexion si vous n’avez plus accès à votre application
        d’authentification.
      </p>
      <ul
        className="list-unstyled row row-cols-2 g-1 font-monospace mb-2"
        aria-label="Codes de récupération"
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={copy}>
        <i
          className={`bi ${copied ? 'bi-clipboard-check' : 'bi-clipboard'} me-1`}
          aria-hidden="true"
        />
        {copied ? 'Codes copiés' : 'Copier les codes'}
      </button>
    </div>
  )
}

function Setup({ pending }: { pending: NonNullable<TwoFactorStatus['pending']> }) {
  const confirm = useForm({ code: '' })
  function submit(event: FormEvent) {
    event.preventDefault()
    confirm.post(URLS.confirm, { ...KEEP_PLACE, onFinish: () => confirm.reset('code') })
  }
  return (
    <div>
      <ol className="ps-3">
        <li className="mb-2">
          Scannez ce QR code avec votre application d’authentification (Google Authenticator,
          Microsoft Authenticator, FreeOTP…).
        </li>
        <li className="mb-2">Saisissez le code à 6 chiffres qu’elle affiche pour confirmer.</li>
      </ol>
      <div className="d-flex flex-wrap align-items-center gap-4 mb-3">
        <img
          src={svgDataUrl(pending.qr_svg)}
          width={180}
          height={180}
          className="border rounded bg-white p-1"
          alt="QR code à scanner avec votre application d’authentification"
        />
        <div>
          <div className="small text-body-secondary">Ou saisissez cette clé à la main :</div>
          <code className="fs-6 user-select-all" data-testid="two-factor-secret">
            {groupSecret(pending.secret)}
          </code>
        </div>
      </div>
      <form onSubmit={submit} noValidate>
        <TextInput
          name="code"
          label="Code de confirmation"
          value={confirm.data.code}
          onChange={(v) => confirm.setData('code', v)}
          error={confirm.errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
        />
        <SubmitButton processing={confirm.processing} icon="bi bi-shield-check">
          Confirmer et activer
        </SubmitButton>
      </form>
    </div>
  )
}

function Disable() {
  const [open, setOpen] = useState(false)
  const form = useForm({ password: '' })
  function submit(event: FormEvent) {
    event.preventDefault()
    form.delete(URLS.disable, {
      ...KEEP_PLACE,
      onSuccess: () => setOpen(false),
      onFinish: () => form.reset('password'),
    })
  }
  if (!open) {
    return (
      <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
        <i className="bi bi-shield-x me-2" aria-hidden="true" />
        Désactiver
      </button>
    )
  }
  return (
    <form onSubmit={submit} noValidate className="border rounded p-3">
      <PasswordInput
        name="password"
        id="two-factor-disable-password"
        label="Votre mot de passe, pour désactiver la double authentification"
        value={form.data.password}
        onChange={(v) => form.setData('password', v)}
        error={form.errors.password}
        autoComplete="current-password"
        autoFocus
        required
      />
      <div className="d-flex gap-2 flex-wrap">
        <SubmitButton processing={form.processing} variant="danger" icon="bi bi-shield-x">
          Confirmer la désactivation
        </SubmitButton>
        <button type="button" className="btn btn-link" onClick={() => setOpen(false)}>
          Annuler
        </button>
      </div>
    </form>
  )
}

export default function TwoFactorSettings({ status, manage = true }: TwoFactorSettingsProps) {
  const enable = useForm({})
  const regenerate = useForm({})

  if (status.enabled) {
    return (
      <section aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="h5 fw-bold">
          Double authentification <span className="badge text-bg-success ms-1">Activée</span>
        </h2>
        <p className="text-body-secondary">
          Un code de votre application d’authentification est demandé à chaque connexion.
        </p>
        {status.recovery_codes && <RecoveryCodes codes={status.recovery_codes} />}
        {manage && (
          <>
            <p className="small">
              Codes de récupération restants : <strong>{status.recovery_codes_left}</strong>
            </p>
            <div className="d-flex flex-wrap gap-2 align-items-start">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={regenerate.processing}
                onClick={() => regenerate.post(URLS.recoveryCodes, KEEP_PLACE)}
              >
                <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
                Régénérer les codes de récupération
              </button>
              <Disable />
            </div>
          </>
        )}
      </section>
    )
  }

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="h5 fw-bold">
        Double authentification{' '}
        <span className="badge text-bg-secondary ms-1">
          {status.pending ? 'À confirmer' : 'Désactivée'}
        </span>
      </h2>
      <p className="text-body-secondary">
        Protégez votre compte : en plus du mot de passe, un code à 6 chiffres de votre téléphone
        sera demandé à la connexion.
      </p>
      {status.pending ? (
        <Setup pending={status.pending} />
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={enable.processing}
          onClick={() => enable.post(URLS.enable, KEEP_PLACE)}
        >
          <i className="bi bi-shield-lock me-2" aria-hidden="true" />
          Activer la double authentification
        </button>
      )}
    </section>
  )
}
