/*
 * The demandes de paiement of a bdc: the list with statut, and the form asking for a new one
 * (the acompte by default, amount typed "1 234,56"; the customer's address by default).
 */
import { useState, type FormEvent } from 'react'
import { Link, useForm } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { SubmitButton, TextInput } from '../form/index.js'
import { formatDate } from '../../lib/format.js'
import { DEMANDE_STATUT_VARIANTS } from '@shared/bdc'
import type { Data } from '~generated/data'
import { DEMANDE_PAIEMENT_STATUT_LABELS } from '@shared/devis'
import { centsToInput, formatEuros } from '@shared/totals'
import { moneyError } from '@shared/money'
import { route } from '~/lib/route'

export default function DemandesBlock({
  bdcId,
  demandes,
  acompte,
  email,
  canCreate,
  blockedReason = null,
  lockVersion,
}: {
  /** The bdc version shown: sent along so a double submit makes one request. */
  lockVersion: number
  bdcId: number
  demandes: Data.DemandePaiement[]
  acompte: number
  email: string | null
  canCreate: boolean
  /** Why no payment may be asked today (the server refuses it too): the action is disabled. */
  blockedReason?: string | null
}) {
  const [open, setOpen] = useState(false)
  const form = useForm({ montant: centsToInput(acompte), email: email ?? '' })
  const [localError, setLocalError] = useState<string | null>(null)
  const errors = form.errors as Record<string, string | undefined>

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = moneyError(form.data.montant)
    if (problem) return setLocalError(problem)
    setLocalError(null)
    form.transform((data) => ({ ...data, lock_version: lockVersion }))
    form.post(route('esi.paiement.store', { id: bdcId }), { preserveScroll: true })
  }

  return (
    <Block
      title="Demandes de paiement"
      options={
        canCreate && !open ? (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setOpen(true)}
            data-testid="demande-open"
            disabled={Boolean(blockedReason)}
            title={blockedReason ?? undefined}
          >
            <i className="bi bi-send me-1" aria-hidden="true" />
            Demander l’acompte
          </button>
        ) : undefined
      }
    >
      {canCreate && blockedReason && (
        <p className="alert alert-warning small mb-3" role="status" data-testid="demande-bloquee">
          <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
          {blockedReason}
        </p>
      )}
      {open && !blockedReason && (
        <form onSubmit={submit} noValidate className="border rounded p-3 mb-3 bg-body-tertiary">
          {errors._form && (
            <div className="alert alert-danger" role="alert">
              {errors._form}
            </div>
          )}
          <div className="row g-3">
            <div className="col-sm-5">
              <TextInput
                name="montant"
                label="Montant (€)"
                value={form.data.montant}
                onChange={(v) => form.setData('montant', v)}
                error={localError ?? errors.montant}
                help={`Acompte du bon : ${formatEuros(acompte)}`}
                inputMode="decimal"
                required
                groupClassName="mb-0"
              />
            </div>
            <div className="col-sm-7">
              <TextInput
                name="email"
                type="email"
                label="E-mail du client"
                value={form.data.email}
                onChange={(v) => form.setData('email', v)}
                error={errors.email}
                help="La demande et son lien de paiement y sont envoyés."
                groupClassName="mb-0"
              />
            </div>
          </div>
          <div className="d-flex gap-2 mt-3">
            <SubmitButton processing={form.processing} icon="bi bi-send">
              Créer et envoyer
            </SubmitButton>
            <button type="button" className="btn btn-alt-secondary" onClick={() => setOpen(false)}>
              Annuler
            </button>
          </div>
        </form>
      )}
      {demandes.length === 0 ? (
        <p className="text-body-secondary text-center py-3 mb-0">
          <i className="bi bi-cash-coin d-block fs-3 mb-2" aria-hidden="true" />
          Aucune demande de paiement pour ce bon de commande.
        </p>
      ) : (
        <ul className="list-group list-group-flush">
          {demandes.map((d) => (
            <li
              key={d.id}
              className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2 px-0"
            >
              <span>
                <Link href={route('esi.paiement.show', { id: d.id })} className="fw-semibold">
                  {d.numero}
                </Link>
                <span className="small text-body-secondary ms-2">
                  {d.envoyee_le ? `envoyée le ${formatDate(d.envoyee_le)}` : ''}
                  {d.email ? ` à ${d.email}` : ''}
                </span>
              </span>
              <span className="text-nowrap">
                {formatEuros(d.montant)}{' '}
                <span className={`badge text-bg-${DEMANDE_STATUT_VARIANTS[d.statut]}`}>
                  {DEMANDE_PAIEMENT_STATUT_LABELS[d.statut]}
                  {d.payee_le ? ` le ${formatDate(d.payee_le)}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Block>
  )
}
