import { Head, Link, router } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'
import PageHeader from '~/components/layout/PageHeader'
import Block from '~/components/ui/Block'
import { route } from '~/lib/route'

type Hit = { id: number; titre: string; detail: string | null; url: string }
type Group = { type: string; label: string; hits: Hit[]; more: boolean }

export type RechercheProps = { q: string; minLength: number; groups: Group[] }

const ICONS: Record<string, string> = {
  clients: 'bi bi-people',
  contacts: 'bi bi-person-lines-fill',
  societes: 'bi bi-buildings',
  produits: 'bi bi-box',
  devis: 'bi bi-file-earmark-text',
  bdc: 'bi bi-pen',
  commandes: 'bi bi-box-seam',
  factures: 'bi bi-receipt',
  demandes: 'bi bi-credit-card',
  offres: 'bi bi-file-earmark-richtext',
}

/** Where « voir tout » leads: the list of that kind, searched with the same words. */
const LIST_URL: Record<string, string> = {
  clients: route('esi.customers.index'),
  contacts: route('partner.contacts.index'),
  societes: route('app.company.index'),
  produits: route('esi.produits.index'),
  devis: route('esi.devis.index'),
  bdc: route('esi.bdc.index'),
  commandes: route('esi.commandes.index'),
  factures: route('esi.compta.facture'),
  offres: route('partner.offres.index'),
}

export default function Recherche({ q, minLength, groups }: RechercheProps) {
  const [term, setTerm] = useState(q)
  const total = groups.reduce((n, g) => n + g.hits.length, 0)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.get(route('esi.recherche'), { q: term.trim() }, { preserveState: true })
  }

  return (
    <>
      <Head title={q ? `Recherche : ${q}` : 'Recherche'} />
      <PageHeader title="Recherche" subtitle="Clients, contacts, sociétés et produits" />
      <div className="content">
        <form className="mb-4" role="search" onSubmit={submit}>
          <div className="input-group input-group-lg">
            <span className="input-group-text">
              <i className="bi bi-search" aria-hidden="true" />
            </span>
            <input
              type="search"
              name="q"
              className="form-control"
              placeholder="Nom, e-mail, localité, numéro de TVA, référence…"
              aria-label="Rechercher"
              value={term}
              maxLength={100}
              onChange={(e) => setTerm(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              Rechercher
            </button>
          </div>
        </form>

        {q.length < minLength ? (
          <p className="text-muted">Saisissez au moins {minLength} caractères.</p>
        ) : total === 0 ? (
          <Block>
            <p className="text-muted my-3">Aucun résultat pour « {q} ».</p>
          </Block>
        ) : (
          <div className="row">
            {groups
              .filter((g) => g.hits.length > 0)
              .map((group) => (
                <div className="col-lg-6" key={group.type}>
                  <Block
                    title={
                      <>
                        <i className={`${ICONS[group.type]} me-2`} aria-hidden="true" />
                        {group.label}
                      </>
                    }
                    options={
                      LIST_URL[group.type] && (
                        <Link
                          className="btn btn-sm btn-alt-secondary"
                          href={`${LIST_URL[group.type]}?q=${encodeURIComponent(q)}`}
                        >
                          Voir tout
                        </Link>
                      )
                    }
                  >
                    <ul className="list-group list-group-flush mb-3" data-group={group.type}>
                      {group.hits.map((hit) => (
                        <li className="list-group-item px-0" key={hit.id}>
                          <Link href={hit.url} className="fw-semibold">
                            {hit.titre}
                          </Link>
                          {hit.detail && <div className="fs-sm text-muted">{hit.detail}</div>}
                        </li>
                      ))}
                    </ul>
                    {group.more && (
                      <p className="fs-sm text-muted">D’autres résultats : affinez la recherche.</p>
                    )}
                  </Block>
                </div>
              ))}
          </div>
        )}
      </div>
    </>
  )
}
