/*
 * PageTextes: the user's own versions of the company's textes modèles. His version wins over
 * the base text in what he prints and sends; « Rétablir » goes back to the company's text.
 */
import { useState, type FormEvent } from 'react'
import { router, useForm } from '@inertiajs/react'
import { TEXTE_CATEGORIES } from '@shared/textes'
import { SubmitButton } from '../form/index.js'
import TexteEditor from '../texte/TexteEditor.js'
import TextePreview from '../texte/TextePreview.js'
import type { UserTexteRow } from '../texte/types.js'
import { confirm } from '~/lib/dialogs'
import { route } from '~/lib/route'

export type PageTextesProps = {
  textes: UserTexteRow[]
}

function TexteItem({ row }: { row: UserTexteRow }) {
  const [editing, setEditing] = useState(false)
  const form = useForm({ texte_id: row.id, contenu: row.override?.contenu ?? row.base })
  const fieldId = `user-texte-${row.id}`

  function open() {
    form.clearErrors()
    form.setData('contenu', row.override?.contenu ?? row.base)
    setEditing(true)
  }

  function save(event: FormEvent) {
    event.preventDefault()
    const options = { preserveScroll: true, onSuccess: () => setEditing(false) }
    if (row.override) {
      form.transform((data) => ({ contenu: data.contenu }))
      form.put(route('partner.profile_textes.update', { id: row.override.id }), options)
    } else {
      form.transform((data) => data)
      form.post(route('partner.profile_textes.store'), options)
    }
  }

  async function resetToBase() {
    if (!row.override) return
    const ok = await confirm({
      title: 'Rétablir le texte de la société ?',
      text: `Votre version de « ${row.titre} » sera supprimée.`,
      confirmText: 'Rétablir',
    })
    if (ok)
      router.delete(route('partner.profile_textes.destroy', { id: row.override.id }), {
        preserveScroll: true,
      })
  }

  return (
    <li className="list-group-item px-0 py-3" data-testid={`user-texte-${row.code}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <div className="flex-grow-1">
          <span className="fw-semibold">{row.titre}</span>{' '}
          {row.override ? (
            <span className="badge text-bg-success">Ma version</span>
          ) : (
            <span className="badge text-bg-secondary">Texte de la société</span>
          )}
        </div>
        {!editing && (
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={open}>
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              {row.override ? 'Modifier ma version' : 'Personnaliser'}
            </button>
            {row.override && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={resetToBase}
              >
                <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                Rétablir
              </button>
            )}
          </div>
        )}
      </div>
      {editing && (
        <form onSubmit={save} noValidate className="mt-3">
          <TexteEditor
            id={fieldId}
            label={`Ma version de « ${row.titre} »`}
            value={form.data.contenu}
            onChange={(v) => form.setData('contenu', v)}
            error={form.errors.contenu ?? (form.errors as Record<string, string>).texte_id}
            rows={10}
          />
          <details className="mb-3">
            <summary className="small">Voir le texte de la société</summary>
            <div className="mt-2">
              <TextePreview contenu={row.base} />
            </div>
          </details>
          <div className="d-flex gap-2">
            <SubmitButton processing={form.processing} icon="bi bi-check-lg">
              Enregistrer ma version
            </SubmitButton>
            <button type="button" className="btn btn-link" onClick={() => setEditing(false)}>
              Annuler
            </button>
          </div>
        </form>
      )}
    </li>
  )
}

export default function PageTextes({ textes }: PageTextesProps) {
  if (textes.length === 0) {
    return <p className="text-body-secondary mb-0">Aucun texte modèle n’est encore défini.</p>
  }
  return (
    <div>
      {TEXTE_CATEGORIES.map((categorie) => {
        const rows = textes.filter((t) => t.categorie === categorie.value)
        if (rows.length === 0) return null
        return (
          <section key={categorie.value} className="mb-3">
            <h3 className="h6 text-uppercase text-body-secondary fw-semibold mb-0">
              {categorie.label}
            </h3>
            <ul className="list-group list-group-flush">
              {rows.map((row) => (
                <TexteItem key={row.id} row={row} />
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
