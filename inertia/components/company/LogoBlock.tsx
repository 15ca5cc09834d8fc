/*
 * The société's logo: PNG, JPEG or WebP up to 1 MB (the server checks the content too). The
 * browser-side checks only spare a useless upload; the server's message shows under the field.
 */
import { useRef, useState, type FormEvent } from 'react'
import { router, useForm } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { FieldGroup, SubmitButton } from '../form/index.js'
import { confirmDelete } from '~/lib/dialogs'
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES } from '@shared/societes'
import { route } from '~/lib/route'

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp'

export function checkLogoFile(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(ext)) {
    return 'Format refusé : le logo doit être une image PNG, JPEG ou WebP (pas de SVG).'
  }
  if (file.size > LOGO_MAX_BYTES) return 'Le logo ne peut pas dépasser 1 Mo.'
  return null
}

export default function LogoBlock({
  societeId,
  logoUrl,
}: {
  societeId: number
  logoUrl: string | null
}) {
  const form = useForm<{ logo: File | null }>({ logo: null })
  const [localError, setLocalError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!form.data.logo) return setLocalError('Choisissez un fichier image.')
    form.post(route('app.company.logo.update', { id: societeId }), {
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        if (input.current) input.current.value = ''
      },
    })
  }

  async function remove() {
    if (await confirmDelete({ text: 'Le logo de la société sera retiré.' })) {
      router.delete(route('app.company.logo.destroy', { id: societeId }), { preserveScroll: true })
    }
  }

  return (
    <Block title="Logo">
      <div className="text-center mb-3">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt="Logo de la société"
            className="img-fluid rounded border bg-body-tertiary p-2"
            style={{ maxHeight: 120 }}
          />
        ) : (
          <div className="rounded border border-dashed bg-body-tertiary py-4 text-body-secondary small">
            <i className="bi bi-image fs-3 d-block mb-1" aria-hidden="true" />
            Pas encore de logo
          </div>
        )}
      </div>
      <form onSubmit={submit} noValidate>
        <FieldGroup
          id="logo"
          label="Nouveau logo"
          error={form.errors.logo ?? localError}
          help="PNG, JPEG ou WebP, 1 Mo au plus."
        >
          {(control) => (
            <input
              {...control}
              ref={input}
              type="file"
              name="logo"
              accept={ACCEPT}
              className={`form-control ${control.className}`}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null
                setLocalError(file ? checkLogoFile(file) : null)
                form.setData('logo', file)
              }}
            />
          )}
        </FieldGroup>
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton
            processing={form.processing}
            icon="bi bi-upload"
            disabled={Boolean(localError)}
          >
            Envoyer
          </SubmitButton>
          {logoUrl && (
            <button type="button" className="btn btn-alt-danger" onClick={remove}>
              <i className="bi bi-trash me-1" aria-hidden="true" />
              Retirer
            </button>
          )}
        </div>
      </form>
    </Block>
  )
}
