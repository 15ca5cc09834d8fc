/*
 * Texte: one base text of the company, created or edited with a live preview (esi). Its code is
 * how the documents find it, so it is chosen once. Saving from an older version is refused by
 * the server (someone saved in between) and what was typed stays.
 */
import type { FormEvent } from 'react'
import { Head, Link, router, useForm } from '@inertiajs/react'
import { TEXTE_CATEGORIES, TEXTE_LIMITS } from '@shared/textes'
import PageHeader from '~/components/layout/PageHeader'
import Block from '~/components/ui/Block'
import { FieldGroup, FormError, SubmitButton, TextInput } from '~/components/form/index'
import TexteEditor from '~/components/texte/TexteEditor'
import type { BaseTexte } from '~/components/texte/types'
import { confirmDelete } from '~/lib/dialogs'
import { formatDateTime } from '~/lib/format'
import { route } from '~/lib/route'

export type TexteProps = {
  /** null: a new text. */
  texte: BaseTexte | null
  /** Deleting is for staff with the admin droit switched on. */
  canDelete: boolean
}

const LABELS = { code: 'Code', titre: 'Titre', categorie: 'Catégorie', contenu: 'Texte' }

export default function Texte({ texte, canDelete }: TexteProps) {
  const form = useForm({
    code: texte?.code ?? '',
    titre: texte?.titre ?? '',
    categorie: texte?.categorie ?? TEXTE_CATEGORIES[0].value,
    contenu: texte?.contenu ?? '',
    version: texte?.version ?? 1,
  })
  const errors = form.errors as Partial<Record<keyof typeof LABELS | 'version', string>>
  const title = texte ? texte.titre : 'Nouveau texte modèle'

  function submit(event: FormEvent) {
    event.preventDefault()
    if (texte) {
      form.transform(({ code: _code, ...rest }) => rest)
      form.put(route('esi.textes.update', { id: texte.id }), {
        preserveScroll: true,
        // The next save starts from the version just saved
        onSuccess: (page) => {
          const saved = (page.props as unknown as TexteProps).texte
          if (saved) form.setData('version', saved.version)
        },
      })
    } else {
      form.transform(({ version: _version, ...rest }) => rest)
      form.post(route('esi.textes.store'))
    }
  }

  async function remove() {
    if (!texte) return
    const ok = await confirmDelete({
      title: 'Supprimer ce texte modèle ?',
      text: 'Les versions personnelles des utilisateurs seront supprimées aussi.',
    })
    if (ok) router.delete(route('admin.textes.destroy', { id: texte.id }))
  }

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={
          texte?.updated_at
            ? `Modifié le ${formatDateTime(texte.updated_at)}${texte.updated_by ? ` par ${texte.updated_by}` : ''}`
            : 'Un texte de la société, repris dans les documents et les e-mails.'
        }
        breadcrumb={[
          { label: 'ESI' },
          { label: 'Textes modèles', href: route('esi.textes.index') },
          { label: texte ? texte.code : 'Nouveau' },
        ]}
      />
      <div className="content">
        {errors.version && (
          <div
            className="alert alert-warning d-flex flex-wrap gap-2 align-items-center"
            role="alert"
          >
            <span className="flex-grow-1">
              <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
              {errors.version}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={() =>
                texte &&
                router.get(route('esi.textes.edit', { id: texte.id }), {}, { preserveState: false })
              }
            >
              Recharger la dernière version
            </button>
          </div>
        )}
        <FormError
          errors={{ ...errors, version: undefined }}
          labels={LABELS}
          compact
          className="mb-4"
        />
        <form onSubmit={submit} noValidate>
          <Block title="Texte modèle">
            <div className="row">
              <div className="col-md-4">
                {texte ? (
                  <div className="mb-4">
                    <div className="form-label">Code</div>
                    <div className="font-monospace">{texte.code}</div>
                    <div className="form-text">Les documents retrouvent le texte par ce code.</div>
                  </div>
                ) : (
                  <TextInput
                    name="code"
                    label="Code"
                    value={form.data.code}
                    onChange={(v) => form.setData('code', v)}
                    error={errors.code}
                    help="Minuscules, chiffres et « _ » (ex. devis_intro). Il ne change plus ensuite."
                    maxLength={TEXTE_LIMITS.code}
                    required
                  />
                )}
              </div>
              <div className="col-md-4">
                <TextInput
                  name="titre"
                  label="Titre"
                  value={form.data.titre}
                  onChange={(v) => form.setData('titre', v)}
                  error={errors.titre}
                  maxLength={TEXTE_LIMITS.titre}
                  required
                />
              </div>
              <div className="col-md-4">
                <FieldGroup id="categorie" label="Catégorie" error={errors.categorie} required>
                  {(control) => (
                    <select
                      {...control}
                      name="categorie"
                      value={form.data.categorie}
                      onChange={(e) => form.setData('categorie', e.target.value)}
                      className={`form-select ${control.className}`.trim()}
                    >
                      {TEXTE_CATEGORIES.map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldGroup>
              </div>
            </div>
            <TexteEditor
              id="contenu"
              label="Texte"
              value={form.data.contenu}
              onChange={(v) => form.setData('contenu', v)}
              error={errors.contenu}
            />
            <div className="d-flex flex-wrap gap-2 align-items-center border-top pt-3 mb-3">
              <SubmitButton
                processing={form.processing}
                recentlySuccessful={form.recentlySuccessful}
                icon="bi bi-check-lg"
              >
                {texte ? 'Enregistrer' : 'Créer le texte'}
              </SubmitButton>
              <Link href={route('esi.textes.index')} className="btn btn-alt-secondary">
                Retour à la liste
              </Link>
              {texte && canDelete && (
                <button type="button" className="btn btn-outline-danger ms-auto" onClick={remove}>
                  <i className="bi bi-trash me-1" aria-hidden="true" />
                  Supprimer
                </button>
              )}
            </div>
          </Block>
        </form>
      </div>
    </>
  )
}
