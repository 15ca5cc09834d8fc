/*
 * BaseTexte: the company's textes modèles by category (esi). Each opens in Texte to be edited
 * with its live preview; the list says how many users have their own version of it.
 */
import { useState } from 'react'
import { Head, Link } from '@inertiajs/react'
import { TEXTE_CATEGORIES } from '@shared/textes'
import PageHeader from '~/components/layout/PageHeader'
import Block from '~/components/ui/Block'
import { formatDateTime } from '~/lib/format'
import type { BaseTexteRow } from '~/components/texte/types'
import { route } from '~/lib/route'

export type BaseTexteProps = {
  textes: BaseTexteRow[]
}

/** Accent- and case-insensitive match of the filter against a text's title, code and content. */
export function matchesFilter(texte: BaseTexteRow, filter: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
  const wanted = fold(filter.trim())
  return !wanted || fold(`${texte.titre} ${texte.code} ${texte.contenu}`).includes(wanted)
}

function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

function TexteTable({ textes }: { textes: BaseTexteRow[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-hover table-vcenter mb-0">
        <thead>
          <tr>
            <th scope="col">Titre</th>
            <th scope="col" className="d-none d-lg-table-cell">
              Début du texte
            </th>
            <th scope="col" className="text-center">
              Versions personnelles
            </th>
            <th scope="col" className="d-none d-md-table-cell">
              Dernière modification
            </th>
          </tr>
        </thead>
        <tbody>
          {textes.map((t) => (
            <tr key={t.id}>
              <td>
                <Link href={route('esi.textes.edit', { id: t.id })} className="fw-semibold">
                  {t.titre}
                </Link>
                <div className="small text-body-secondary font-monospace">{t.code}</div>
              </td>
              <td className="d-none d-lg-table-cell small text-body-secondary">
                {excerpt(t.contenu)}
              </td>
              <td className="text-center">
                {t.overrides > 0 ? (
                  <span className="badge text-bg-info">{t.overrides}</span>
                ) : (
                  <span className="text-body-tertiary">—</span>
                )}
              </td>
              <td className="d-none d-md-table-cell small">
                {formatDateTime(t.updated_at)}
                {t.updated_by && <div className="text-body-secondary">{t.updated_by}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function BaseTexte({ textes }: BaseTexteProps) {
  const [filter, setFilter] = useState('')
  const shown = textes.filter((t) => matchesFilter(t, filter))

  return (
    <>
      <Head title="Textes modèles" />
      <PageHeader
        title="Textes modèles"
        subtitle="Les textes de la société repris dans les devis, bons de commande, factures et e-mails. Chaque utilisateur peut en avoir sa propre version depuis son profil."
        breadcrumb={[{ label: 'ESI' }, { label: 'Textes modèles' }]}
        actions={
          <Link href={route('esi.textes.create')} className="btn btn-primary">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Nouveau texte
          </Link>
        }
      />
      <div className="content">
        <div className="mb-4" style={{ maxWidth: '28rem' }}>
          <label htmlFor="textes-filter" className="visually-hidden">
            Filtrer les textes
          </label>
          <div className="input-group">
            <span className="input-group-text">
              <i className="bi bi-search" aria-hidden="true" />
            </span>
            <input
              id="textes-filter"
              type="search"
              className="form-control"
              placeholder="Filtrer par titre, code ou contenu…"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
        </div>

        {textes.length === 0 && (
          <div className="alert alert-info">
            Aucun texte modèle pour l’instant. Créez le premier avec « Nouveau texte ».
          </div>
        )}

        {TEXTE_CATEGORIES.map((categorie) => {
          const rows = shown.filter((t) => t.categorie === categorie.value)
          if (rows.length === 0 && (filter || textes.length === 0)) return null
          return (
            <Block
              key={categorie.value}
              title={
                <>
                  {categorie.label}{' '}
                  <span className="badge rounded-pill text-bg-secondary ms-1">{rows.length}</span>
                </>
              }
              contentClassName="pb-3"
            >
              {rows.length === 0 ? (
                <p className="text-body-secondary mb-0">Aucun texte dans cette catégorie.</p>
              ) : (
                <TexteTable textes={rows} />
              )}
            </Block>
          )
        })}
        {filter && shown.length === 0 && (
          <p className="text-body-secondary">Aucun texte ne correspond à « {filter} ».</p>
        )}
      </div>
    </>
  )
}
