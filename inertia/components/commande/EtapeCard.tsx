/*
 * One step of the commande's timeline (issue 12 §1): its statut, owner, planned and actual
 * dates, notes, why it waits (the gate, also on the disabled button), a link to its page, its
 * actions (edit, start, block, unblock) and its history, folded.
 */
import { useState, type ReactNode } from 'react'
import { Link, router } from '@inertiajs/react'
import DialogModal from '../ui/DialogModal.js'
import { prompt } from '../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import { route } from '../../lib/route.js'
import {
  ETAPE_LABELS,
  ETAPE_STATUT_BADGES,
  ETAPE_STATUT_LABELS,
  ETAPES_AUTOMATIQUES,
  etapeFinie,
  type EtapeStatut,
} from '@shared/commande_etapes'
import type { TimelineEtape, TimelineHistorique } from '@shared/commande_timeline'

const ICONS: Record<string, string> = {
  acompte: 'bi-cash-coin',
  retractation: 'bi-hourglass-split',
  mesurage: 'bi-rulers',
  approvisionnement: 'bi-cart3',
  fourniture: 'bi-truck',
  pose: 'bi-hammer',
  solde: 'bi-receipt-cutoff',
}

const ACTIONS: Record<string, string> = {
  statut: 'Statut',
  responsable: 'Responsable',
  planification: 'Planification',
  note: 'Notes',
  forcage: 'Passage outre',
  retractation: 'Rétractation',
  annulation: 'Annulation',
}

export function HistoriqueList({ rows }: { rows: TimelineHistorique[] }) {
  if (!rows.length) return <p className="small text-body-secondary mb-0">Aucun événement.</p>
  const label = (s: string | null) =>
    s ? (ETAPE_STATUT_LABELS[s as EtapeStatut] ?? s.replace('_', ' ')) : ''
  return (
    <ul className="list-unstyled small mb-0">
      {rows.map((h) => (
        <li key={h.id} className="border-start ps-2 mb-1">
          <span className="text-body-secondary">{formatDateTime(h.le)}</span> ·{' '}
          <strong>{ACTIONS[h.action] ?? h.action}</strong>
          {h.de || h.vers ? ` : ${label(h.de)} → ${label(h.vers)}` : ''}
          {h.detail ? ` — ${h.detail}` : ''}
          <span className="text-body-secondary"> ({h.par ?? 'automatique'})</span>
        </li>
      ))}
    </ul>
  )
}

export default function EtapeCard({
  commandeId,
  etape,
  responsables,
  annulee,
  liens,
  children,
}: {
  commandeId: number
  etape: TimelineEtape
  responsables: { id: number; nom: string }[]
  annulee: boolean
  /** The step's pages (else its one « Ouvrir » link). */
  liens?: { label: string; href: string; key: string }[]
  /** What the page adds under the step (its avenant, its files). */
  children?: ReactNode
}) {
  const [edit, setEdit] = useState(false)
  const [form, setForm] = useState({
    responsable_id: etape.responsable_id ? String(etape.responsable_id) : '',
    prevue_debut: etape.prevue_debut ?? '',
    prevue_fin: etape.prevue_fin ?? '',
    notes: etape.notes ?? '',
  })
  const auto = ETAPES_AUTOMATIQUES.includes(etape.etape)
  const finie = etapeFinie(etape.statut)
  const params = { id: commandeId, etape: etape.etape }
  const version = { lock_version: etape.lock_version }
  const testId = `etape-${etape.etape}`

  function save(event: React.FormEvent) {
    event.preventDefault()
    router.put(
      route('esi.commandes.etapes.update', params),
      {
        ...version,
        responsable_id: form.responsable_id ? Number(form.responsable_id) : null,
        prevue_debut: form.prevue_debut || null,
        prevue_fin: form.prevue_fin || null,
        notes: form.notes || null,
      },
      { preserveScroll: true, onSuccess: () => setEdit(false) }
    )
  }

  function move(statut: 'en_cours' | 'bloquee' | 'debloquer', motif: string | null = null) {
    router.post(
      route('esi.commandes.etapes.statut', params),
      { ...version, statut, motif },
      { preserveScroll: true }
    )
  }

  async function bloquer() {
    const motif = await prompt({
      title: `Bloquer l’étape « ${ETAPE_LABELS[etape.etape]} »`,
      label: 'Pourquoi ?',
      input: 'textarea',
      required: true,
      confirmText: 'Bloquer',
    })
    if (motif) move('bloquee', motif)
  }

  return (
    <div
      className={`card mb-3 ${etape.en_retard ? 'border-danger' : ''}`}
      data-testid={testId}
      data-statut={etape.statut}
    >
      <div className="card-body p-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <i className={`bi ${ICONS[etape.etape]} fs-4 text-primary`} aria-hidden="true" />
          <h3 className="h6 mb-0 me-auto">{ETAPE_LABELS[etape.etape]}</h3>
          {etape.en_retard && (
            <span className="badge text-bg-danger" data-testid={`${testId}-retard`}>
              En retard
            </span>
          )}
          <span
            className={`badge text-bg-${ETAPE_STATUT_BADGES[etape.statut]}`}
            data-testid={`${testId}-statut`}
          >
            {ETAPE_STATUT_LABELS[etape.statut]}
          </span>
        </div>
        {etape.gate && !finie && (
          <p className="small text-warning-emphasis mb-2" data-testid={`${testId}-gate`}>
            <i className="bi bi-lock me-1" aria-hidden="true" />
            {etape.gate}
          </p>
        )}
        {etape.statut === 'bloquee' && etape.motif_blocage && (
          <p className="small text-danger mb-2">
            <i className="bi bi-exclamation-octagon me-1" aria-hidden="true" />
            Bloquée : {etape.motif_blocage}
          </p>
        )}
        <dl className="row small mb-2 g-1">
          <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Responsable</dt>
          <dd className="col-7 col-sm-3 mb-0">{etape.responsable ?? '—'}</dd>
          <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Prévue</dt>
          <dd className="col-7 col-sm-3 mb-0">
            {etape.prevue_debut || etape.prevue_fin
              ? `${etape.prevue_debut ? formatDate(etape.prevue_debut) : '…'} → ${etape.prevue_fin ? formatDate(etape.prevue_fin) : '…'}`
              : '—'}
          </dd>
          <dt className="col-5 col-sm-3 fw-normal text-body-secondary">Réelle</dt>
          <dd className="col-7 col-sm-9 mb-0">
            {etape.debut_reel || etape.fin_reelle
              ? `${etape.debut_reel ? formatDate(etape.debut_reel) : '…'} → ${etape.fin_reelle ? formatDate(etape.fin_reelle) : '…'}`
              : '—'}
          </dd>
        </dl>
        {etape.notes && (
          <p className="small mb-2" style={{ whiteSpace: 'pre-wrap' }}>
            {etape.notes}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {liens?.map((l) => (
            <Link
              key={l.key}
              href={l.href}
              className="btn btn-sm btn-alt-primary"
              data-testid={`${testId}-lien-${l.key}`}
            >
              <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
              {l.label}
            </Link>
          ))}
          {!liens && etape.lien && (
            <Link
              href={etape.lien}
              className="btn btn-sm btn-alt-primary"
              data-testid={`${testId}-lien`}
            >
              <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
              Ouvrir
            </Link>
          )}
          {!auto && !annulee && !finie && (
            <>
              <button
                type="button"
                className="btn btn-sm btn-alt-secondary"
                onClick={() => setEdit(true)}
                data-testid={`${testId}-edit`}
              >
                <i className="bi bi-pencil me-1" aria-hidden="true" />
                Planifier / modifier
              </button>
              {etape.statut !== 'en_cours' && etape.statut !== 'bloquee' && (
                <button
                  type="button"
                  className="btn btn-sm btn-alt-primary"
                  disabled={Boolean(etape.gate)}
                  title={etape.gate ?? undefined}
                  onClick={() => move('en_cours')}
                  data-testid={`${testId}-demarrer`}
                >
                  <i className="bi bi-play me-1" aria-hidden="true" />
                  Démarrer
                </button>
              )}
              {etape.statut === 'bloquee' ? (
                <button
                  type="button"
                  className="btn btn-sm btn-alt-success"
                  onClick={() => move('debloquer')}
                  data-testid={`${testId}-debloquer`}
                >
                  Débloquer
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-sm btn-alt-danger"
                  onClick={bloquer}
                  data-testid={`${testId}-bloquer`}
                >
                  Bloquer…
                </button>
              )}
            </>
          )}
        </div>
        {children}
        <details className="mt-2">
          <summary className="small text-body-secondary">
            Historique ({etape.historique.length})
          </summary>
          <div className="mt-2">
            <HistoriqueList rows={etape.historique} />
          </div>
        </details>
      </div>
      <DialogModal
        show={edit}
        title={`Étape « ${ETAPE_LABELS[etape.etape]} »`}
        onClose={() => setEdit(false)}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setEdit(false)}>
              Annuler
            </button>
            <button type="submit" form={`${testId}-form`} className="btn btn-primary">
              Enregistrer
            </button>
          </>
        }
      >
        <form id={`${testId}-form`} onSubmit={save}>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${testId}-responsable`}>
              Responsable
            </label>
            <select
              id={`${testId}-responsable`}
              className="form-select"
              value={form.responsable_id}
              onChange={(e) => setForm({ ...form, responsable_id: e.target.value })}
            >
              <option value="">— Aucun —</option>
              {responsables.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.nom}
                </option>
              ))}
            </select>
          </div>
          <div className="row g-2 mb-3">
            <div className="col-6">
              <label className="form-label" htmlFor={`${testId}-debut`}>
                Début prévu
              </label>
              <input
                id={`${testId}-debut`}
                type="date"
                className="form-control"
                value={form.prevue_debut}
                onChange={(e) => setForm({ ...form, prevue_debut: e.target.value })}
              />
            </div>
            <div className="col-6">
              <label className="form-label" htmlFor={`${testId}-fin`}>
                Fin prévue
              </label>
              <input
                id={`${testId}-fin`}
                type="date"
                className="form-control"
                value={form.prevue_fin}
                onChange={(e) => setForm({ ...form, prevue_fin: e.target.value })}
              />
            </div>
          </div>
          {etape.gate && (
            <p className="small text-warning-emphasis">
              Vous pouvez planifier l’étape ; elle ne pourra démarrer qu’une fois levé : «{' '}
              {etape.gate} »
            </p>
          )}
          <div>
            <label className="form-label" htmlFor={`${testId}-notes`}>
              Notes
            </label>
            <textarea
              id={`${testId}-notes`}
              className="form-control"
              rows={3}
              maxLength={5000}
              value={form.notes}
              onChange={(e) => setForm({ ...form, notes: e.target.value })}
            />
          </div>
        </form>
      </DialogModal>
    </div>
  )
}
