/*
 * One supplier order of a commande (issue 12 §3): its lines (quantities and purchase prices typed
 * while it is a draft), « Enregistrer », « Envoyer » or « Supprimer », then the supplier's
 * confirmation with its delivery date, and the PDF.
 */
import { useState } from 'react'
import { router } from '@inertiajs/react'
import Block from '../ui/Block.js'
import CfStatutBadge from './CfStatutBadge.js'
import { confirm, confirmDelete } from '../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import { route } from '../../lib/route.js'
import { formatEuros } from '@shared/totals'
import { formatQuantite, ligneTotal, type CfDetail } from '@shared/commandes_fournisseur'

/** A price in cents as the field shows it (« 12,50 »). */
function euros(amount: number) {
  return (amount / 100).toFixed(2).replace('.', ',')
}

/** What a price field holds, in cents; null when it is not a price. */
function cents(text: string): number | null {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'))
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null
}

export default function CfCard({ cf }: { cf: CfDetail }) {
  const draft = cf.statut === 'brouillon'
  const [lignes, setLignes] = useState(() =>
    cf.lignes.map((l) => ({
      id: l.id,
      quantite: formatQuantite(l.quantite),
      prix: euros(l.prix_achat),
    }))
  )
  const [remarques, setRemarques] = useState(cf.remarques ?? '')
  const [date, setDate] = useState(cf.date_livraison_confirmee ?? '')
  const [busy, setBusy] = useState(false)
  const opts = {
    preserveScroll: true,
    onStart: () => setBusy(true),
    onFinish: () => setBusy(false),
  }
  const parsed = lignes.map((l) => ({
    id: l.id,
    quantite: Number(l.quantite.replace(',', '.')),
    prix_achat: cents(l.prix),
  }))
  const valid = parsed.every((l) => l.quantite > 0 && l.prix_achat !== null)
  const total = parsed.reduce(
    (sum, l) => sum + (l.prix_achat === null ? 0 : ligneTotal(l.quantite, l.prix_achat)),
    0
  )

  function save() {
    router.put(
      route('esi.commandes_fournisseur.update', { id: cf.id }),
      { lock_version: cf.lock_version, remarques: remarques || null, lignes: parsed },
      opts
    )
  }
  async function envoyer() {
    const ok = await confirm({
      title: `Envoyer la commande à ${cf.fournisseur_nom} ?`,
      text: `Elle reçoit son numéro et part par e-mail à ${cf.fournisseur_email ?? '—'} avec son PDF ; elle ne se modifie plus ensuite.`,
      confirmText: 'Envoyer',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.commandes_fournisseur.envoyer', { id: cf.id }),
      { lock_version: cf.lock_version },
      opts
    )
  }
  async function supprimer() {
    if (
      !(await confirmDelete({
        title: 'Supprimer ce brouillon ?',
        text: 'Ses lignes redeviennent à commander.',
      }))
    )
      return
    router.delete(route('esi.commandes_fournisseur.destroy', { id: cf.id }), {
      data: { lock_version: cf.lock_version },
      ...opts,
    })
  }
  function confirmer() {
    router.post(
      route('esi.commandes_fournisseur.confirmer', { id: cf.id }),
      { lock_version: cf.lock_version, date_livraison_confirmee: date },
      opts
    )
  }

  return (
    <Block
      title={
        <>
          {cf.numero ?? 'Brouillon'} — {cf.fournisseur_nom}{' '}
          <CfStatutBadge statut={cf.statut} retard={cf.en_retard} />
        </>
      }
    >
      <div data-testid="cf-card" data-cf-id={cf.id}>
        <p className="small text-body-secondary mb-2">
          {cf.envoyee_le ? `Envoyée le ${formatDateTime(cf.envoyee_le)}` : 'Pas encore envoyée'}
          {cf.fournisseur_email ? ` — ${cf.fournisseur_email}` : ' — pas d’adresse e-mail'}
          {cf.date_livraison_confirmee
            ? ` — livraison confirmée le ${formatDate(cf.date_livraison_confirmee)}`
            : ''}
          {cf.motif_annulation ? ` — annulée : ${cf.motif_annulation}` : ''}
        </p>
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead className="table-light">
              <tr>
                <th scope="col">Désignation (dimensions mesurées)</th>
                <th scope="col" className="text-end" style={{ width: '7rem' }}>
                  Qté
                </th>
                <th scope="col" className="text-end" style={{ width: '8rem' }}>
                  Prix achat HT
                </th>
                <th scope="col" className="text-end d-none d-sm-table-cell">
                  Total
                </th>
                {!draft && (
                  <th scope="col" className="text-end">
                    Reçu
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {cf.lignes.map((l, i) => (
                <tr key={l.id}>
                  <td>
                    {l.reference && <span className="text-body-secondary">{l.reference} </span>}
                    {l.designation}
                  </td>
                  <td className="text-end">
                    {draft ? (
                      <input
                        className="form-control form-control-sm text-end"
                        inputMode="decimal"
                        aria-label={`Quantité ligne ${l.position}`}
                        value={lignes[i].quantite}
                        onChange={(e) =>
                          setLignes((ls) =>
                            ls.map((x, j) => (j === i ? { ...x, quantite: e.target.value } : x))
                          )
                        }
                      />
                    ) : (
                      formatQuantite(l.quantite)
                    )}
                  </td>
                  <td className="text-end">
                    {draft ? (
                      <input
                        className="form-control form-control-sm text-end"
                        inputMode="decimal"
                        aria-label={`Prix d’achat ligne ${l.position}`}
                        value={lignes[i].prix}
                        onChange={(e) =>
                          setLignes((ls) =>
                            ls.map((x, j) => (j === i ? { ...x, prix: e.target.value } : x))
                          )
                        }
                      />
                    ) : (
                      formatEuros(l.prix_achat)
                    )}
                  </td>
                  <td className="text-end text-nowrap d-none d-sm-table-cell">
                    {formatEuros(
                      draft
                        ? ligneTotal(parsed[i].quantite || 0, parsed[i].prix_achat ?? 0)
                        : l.total
                    )}
                  </td>
                  {!draft && (
                    <td className="text-end text-nowrap">
                      {formatQuantite(l.quantite_recue)} / {formatQuantite(l.quantite)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="text-end">
                  Total HT
                </th>
                <td className="text-end fw-bold text-nowrap d-none d-sm-table-cell">
                  {formatEuros(draft ? total : cf.total_ht)}
                </td>
                {!draft && <td />}
              </tr>
            </tfoot>
          </table>
        </div>
        {draft && (
          <div className="mb-2">
            <label className="form-label small" htmlFor={`rem-${cf.id}`}>
              Remarques pour le fournisseur
            </label>
            <textarea
              id={`rem-${cf.id}`}
              className="form-control form-control-sm"
              rows={2}
              value={remarques}
              onChange={(e) => setRemarques(e.target.value)}
            />
          </div>
        )}
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <a
            className="btn btn-sm btn-alt-secondary"
            href={route('esi.commandes_fournisseur.pdf', { id: cf.id })}
            target="_blank"
            rel="noreferrer"
          >
            <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
            PDF
          </a>
          {draft && (
            <>
              <button
                type="button"
                className="btn btn-sm btn-alt-primary"
                disabled={busy || !valid}
                onClick={save}
              >
                Enregistrer
              </button>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={busy || !cf.fournisseur_email}
                title={
                  cf.fournisseur_email ? undefined : 'Le fournisseur n’a pas d’adresse e-mail.'
                }
                onClick={envoyer}
                data-testid="cf-envoyer"
              >
                <i className="bi bi-send me-1" aria-hidden="true" />
                Envoyer au fournisseur
              </button>
              <button
                type="button"
                className="btn btn-sm btn-alt-danger"
                disabled={busy}
                onClick={supprimer}
              >
                Supprimer
              </button>
            </>
          )}
          {['envoyee', 'confirmee', 'recue_partiellement'].includes(cf.statut) && (
            <div className="d-flex gap-2 align-items-end">
              <div>
                <label className="form-label small mb-1" htmlFor={`date-${cf.id}`}>
                  Livraison confirmée le
                </label>
                <input
                  id={`date-${cf.id}`}
                  type="date"
                  className="form-control form-control-sm"
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                />
              </div>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={busy || !date}
                onClick={confirmer}
                data-testid="cf-confirmer"
              >
                {cf.statut === 'envoyee' ? 'Confirmer' : 'Changer la date'}
              </button>
            </div>
          )}
        </div>
      </div>
    </Block>
  )
}
