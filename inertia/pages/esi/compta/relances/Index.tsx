import { useState } from 'react'
import { Head, Link, router, usePage } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import { confirm } from '../../../../lib/dialogs/index.js'
import { formatDate } from '../../../../lib/format.js'
import { route } from '../../../../lib/route.js'
import { formatEuros } from '@shared/totals'
import { RELANCE_NIVEAU_LABELS, type RelanceProposition } from '@shared/relances'

export type RelancesIndexProps = {
  propositions: RelanceProposition[]
  today: string
}

/**
 * esi/compta/relances: the relances due today (the morning proposals, decision 250), ticked by
 * default; « Envoyer les relances cochées » sends each once, by e-mail when the client has an
 * address, else recorded as a letter to print from the facture's page.
 */
export default function RelancesIndex({ propositions, today }: RelancesIndexProps) {
  const [checked, setChecked] = useState<Set<number>>(
    () => new Set(propositions.map((p) => p.facture_id))
  )
  const [busy, setBusy] = useState(false)
  const errors = usePage().props.errors as Record<string, string> | undefined
  const all = checked.size === propositions.length && propositions.length > 0

  function toggle(id: number) {
    setChecked((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  async function envoyer() {
    const chosen = propositions.filter((p) => checked.has(p.facture_id))
    if (!chosen.length) return
    const ok = await confirm({
      title: `Envoyer ${chosen.length} relance${chosen.length > 1 ? 's' : ''} ?`,
      text: 'Chaque client ayant une adresse e-mail la reçoit avec sa facture en PDF ; pour les autres, la relance est enregistrée et la lettre est à imprimer depuis la facture.',
      confirmText: 'Envoyer',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.compta.relances.envoyer'),
      { relances: chosen.map((p) => ({ facture_id: p.facture_id, niveau: p.niveau })) },
      { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) }
    )
  }

  return (
    <>
      <Head title="Relances" />
      <PageHeader
        title="Relances"
        subtitle={`Relances de factures impayées dues au ${formatDate(today)}`}
        breadcrumb={[
          { label: 'Comptabilité' },
          { label: 'Créances', href: route('esi.compta.creance') },
          { label: 'Relances' },
        ]}
      />
      <div className="content">
        <Block title="Relances à envoyer">
          {errors?.relances && (
            <div className="alert alert-danger" role="alert">
              {errors.relances}
            </div>
          )}
          {propositions.length === 0 ? (
            <p className="text-body-secondary mb-0" data-testid="relances-vide">
              Aucune relance à envoyer aujourd’hui.
            </p>
          ) : (
            <>
              <div className="table-responsive">
                <table
                  className="table table-sm table-hover align-middle"
                  aria-label="Relances dues"
                >
                  <thead className="table-light">
                    <tr>
                      <th scope="col" style={{ width: '2.5rem' }}>
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label="Tout cocher"
                          checked={all}
                          onChange={() =>
                            setChecked(
                              all ? new Set() : new Set(propositions.map((p) => p.facture_id))
                            )
                          }
                        />
                      </th>
                      <th scope="col">Facture</th>
                      <th scope="col" className="d-none d-md-table-cell">
                        Client
                      </th>
                      <th scope="col">Niveau</th>
                      <th scope="col" className="d-none d-md-table-cell">
                        Échéance
                      </th>
                      <th scope="col" className="text-end d-none d-sm-table-cell">
                        Retard
                      </th>
                      <th scope="col" className="text-end text-nowrap">
                        Reste dû
                      </th>
                      <th scope="col" className="d-none d-lg-table-cell">
                        Envoi
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {propositions.map((p) => (
                      <tr key={p.facture_id} data-testid="relance-proposition">
                        <td>
                          <input
                            type="checkbox"
                            className="form-check-input"
                            aria-label={`Relancer ${p.numero}`}
                            checked={checked.has(p.facture_id)}
                            onChange={() => toggle(p.facture_id)}
                          />
                        </td>
                        <td>
                          <Link
                            href={route('esi.factures.show', { id: p.facture_id })}
                            className="text-nowrap"
                          >
                            {p.numero}
                          </Link>
                          {/* On a phone the client goes under the number */}
                          <div className="small text-body-secondary d-md-none">{p.client_nom}</div>
                        </td>
                        <td className="d-none d-md-table-cell">
                          {p.client_nom}
                          {p.professionnel && <span className="badge text-bg-light ms-1">pro</span>}
                        </td>
                        <td className="text-nowrap">
                          <span title={RELANCE_NIVEAU_LABELS[p.niveau]}>{p.niveau}</span>
                          <span className="d-none d-lg-inline">
                            . {RELANCE_NIVEAU_LABELS[p.niveau]}
                          </span>
                        </td>
                        <td className="d-none d-md-table-cell">{formatDate(p.echeance)}</td>
                        <td className="text-end text-nowrap d-none d-sm-table-cell">
                          {p.jours_retard} j
                        </td>
                        <td className="text-end text-nowrap">{formatEuros(p.reste)}</td>
                        <td className="d-none d-lg-table-cell small">
                          {p.client_email ? 'E-mail' : 'Courrier (pas d’e-mail)'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <button
                type="button"
                className="btn btn-primary"
                onClick={envoyer}
                disabled={busy || checked.size === 0}
                data-testid="relances-envoyer"
              >
                <i className="bi bi-send me-1" aria-hidden="true" />
                Envoyer les relances cochées ({checked.size})
              </button>
            </>
          )}
        </Block>
      </div>
    </>
  )
}
