import { useCallback, useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import DevisForm from '../../../components/devis/DevisForm.js'
import LienClientButton from '../../../components/devis/LienClientButton.js'
import {
  askCancellationReason,
  changeStatus,
  confirm,
  confirmDelete,
} from '../../../lib/dialogs/index.js'
import { formatDateTime } from '../../../lib/format.js'
import { toast } from '../../../lib/toast.js'
import { confirmLeave } from '../../../components/document_editor/use_unsaved_guard.js'
import { route } from '../../../lib/route.js'
import { DEVIS_STATUT_LABELS, DEVIS_STATUT_VARIANTS, type DevisStatut } from '@shared/devis'
import type { DevisEditorDevis, DevisEditorOptions, DevisRevisionItem } from '@shared/devis_editor'
import { formatEuros } from '@shared/totals'

export type DevisEditProps = DevisEditorOptions & {
  devis: DevisEditorDevis
  /** Accepted, cancelled, or an older version: nothing can be changed. */
  readOnly: boolean
  /** Sent, refused or expired: saving makes a new revision. */
  revisable: boolean
  /** The revision shown when it is an older version (read-only), else null. */
  viewingRevision: number | null
  transitions: DevisStatut[]
  revisions: DevisRevisionItem[]
  bdc: { id: number; numero: string } | null
  conflict: string | null
  canDelete: boolean
  /** A sent devis: the customer's signed link (issue 14 §1), else null. */
  lienClient: string | null
}

function statutHelp(to: DevisStatut, devis: DevisEditorDevis): string | null {
  if (to === 'envoye') {
    return devis.client.email
      ? `Envoyer attribue le numéro du devis et l’envoie avec le PDF à ${devis.client.email}.`
      : 'Ce client n’a pas d’adresse e-mail : ajoutez-la sur sa fiche avant d’envoyer le devis.'
  }
  if (to === 'accepte') {
    return 'Accepter crée le bon de commande avec une copie figée des lignes et des totaux.'
  }
  return null
}

export function devisTitle(devis: Pick<DevisEditorDevis, 'numero' | 'revision' | 'form'>) {
  const numero = devis.numero
    ? `${devis.numero}${devis.revision > 1 ? ` (rév. ${devis.revision})` : ''}`
    : 'brouillon'
  return `Devis ${numero}${devis.form.objet ? ` — ${devis.form.objet}` : ''}`
}

function StatutBadge({ statut }: { statut: DevisStatut }) {
  return (
    <span
      className={`badge text-bg-${DEVIS_STATUT_VARIANTS[statut] ?? 'secondary'}`}
      data-testid="statut"
    >
      {DEVIS_STATUT_LABELS[statut] ?? statut}
    </span>
  )
}

/** esi/devis/Edit: the editor of a draft, or the read-only view of a devis with its actions. */
export default function DevisEdit(props: DevisEditProps) {
  const { devis, readOnly, revisable, viewingRevision, transitions, revisions, bdc, canDelete } =
    props
  const [dirty, setDirty] = useState(false)
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), [])
  const title = devisTitle(devis)

  /** Actions that leave or reload the page ask first when the form holds unsaved changes. */
  async function unsavedOk() {
    return !dirty || confirmLeave()
  }

  async function changeStatut() {
    if (!(await unsavedOk())) return
    const to = await changeStatus({
      statuses: transitions.map((s) => ({ value: s, label: DEVIS_STATUT_LABELS[s] })),
      text: `Statut actuel : ${DEVIS_STATUT_LABELS[devis.statut]}.`,
    })
    if (!to) return
    let motif: string | null = null
    if (to === 'envoye' && !devis.client.email) {
      void toast('error', statutHelp('envoye', devis) ?? undefined)
      return
    }
    if (to === 'annule') {
      motif = await askCancellationReason()
      if (!motif) return
    } else if (statutHelp(to as DevisStatut, devis)) {
      const ok = await confirm({
        text: statutHelp(to as DevisStatut, devis) ?? undefined,
        icon: 'question',
        confirmText: 'Confirmer',
      })
      if (!ok) return
    }
    router.post(
      route('esi.devis.statut', { id: devis.id }),
      { to, lock_version: devis.lock_version, ...(motif ? { motif } : {}) },
      { preserveScroll: true }
    )
  }

  async function duplicate() {
    if (!(await unsavedOk())) return
    router.post(route('esi.devis.duplicate', { id: devis.id }))
  }

  async function destroy() {
    const ok = await confirmDelete({
      title: 'Supprimer ce brouillon ?',
      text: `${title} sera supprimé définitivement.`,
    })
    if (ok) router.delete(route('admin.devis.destroy', { id: devis.id }))
  }

  const actions = viewingRevision ? (
    <div className="d-flex flex-wrap gap-2">
      <a
        href={route('esi.devis.revision_pdf', { id: devis.id, revision: viewingRevision })}
        className="btn btn-alt-secondary"
        target="_blank"
        rel="noreferrer"
      >
        <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
        PDF de cette version
      </a>
      <Link href={route('esi.devis.edit', { id: devis.id })} className="btn btn-alt-secondary">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        Version actuelle
      </Link>
    </div>
  ) : (
    <div className="d-flex flex-wrap gap-2">
      {transitions.length > 0 && (
        <button type="button" className="btn btn-primary" onClick={changeStatut}>
          <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
          Modification de statut
        </button>
      )}
      <Link href={route('esi.devis.preview', { id: devis.id })} className="btn btn-alt-secondary">
        <i className="bi bi-eye me-1" aria-hidden="true" />
        Aperçu
      </Link>
      <a
        href={route('esi.devis.pdf', { id: devis.id })}
        className="btn btn-alt-secondary"
        target="_blank"
        rel="noreferrer"
      >
        <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
        PDF
      </a>
      {props.lienClient && <LienClientButton url={props.lienClient} />}
      <button type="button" className="btn btn-alt-secondary" onClick={duplicate}>
        <i className="bi bi-copy me-1" aria-hidden="true" />
        Dupliquer
      </button>
      {canDelete && (
        <button type="button" className="btn btn-alt-danger" onClick={destroy}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          Supprimer
        </button>
      )}
    </div>
  )

  const notice = viewingRevision ? (
    <div className="alert alert-secondary" role="status">
      <i className="bi bi-clock-history me-1" aria-hidden="true" />
      Version rév. {viewingRevision} de ce devis
      {devis.envoye_le ? `, envoyée le ${formatDateTime(devis.envoye_le)}` : ''} — lecture seule.
    </div>
  ) : revisable ? (
    <div className="alert alert-info" role="status">
      <i className="bi bi-info-circle me-1" aria-hidden="true" />
      Modifier ce devis en crée une nouvelle version (rév. {devis.revision + 1}) ; la version
      envoyée reste consultable.
    </div>
  ) : readOnly ? (
    <div className="alert alert-light border" role="status">
      <i className="bi bi-lock me-1" aria-hidden="true" />
      Un devis « {DEVIS_STATUT_LABELS[devis.statut]} » ne peut plus être modifié
      {devis.statut === 'annule' && devis.motif_annulation
        ? ` (motif : ${devis.motif_annulation})`
        : ''}
      . Dupliquez-le pour repartir de son contenu.
    </div>
  ) : null

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={
          <>
            <StatutBadge statut={devis.statut} /> {devis.client.nom} ·{' '}
            {formatEuros(devis.total_ttc)} TTC
            {devis.apporteur ? ` · apporteur ${devis.apporteur}` : ''}
          </>
        }
        breadcrumb={[
          { label: 'Devis', href: route('esi.devis.index') },
          { label: devis.numero ?? 'Brouillon' },
        ]}
        actions={actions}
      />
      <div className="content">
        {(bdc || revisions.length > 0 || devis.updated_by) && !viewingRevision && (
          <div className="row">
            {bdc && (
              <div className="col-md-6">
                <div className="alert alert-success d-flex align-items-center gap-2" role="status">
                  <i className="bi bi-check2-circle fs-5" aria-hidden="true" />
                  <span>
                    Devis accepté : bon de commande{' '}
                    <Link href={route('esi.bdc.show', { id: bdc.id })} className="alert-link">
                      {bdc.numero}
                    </Link>
                    .
                  </span>
                </div>
              </div>
            )}
            {revisions.length > 0 && (
              <div className="col-md-6">
                <Block title="Versions précédentes" contentToggle>
                  <ul className="list-unstyled mb-0">
                    {revisions.map((r) => (
                      <li key={r.revision}>
                        <Link href={r.url}>Rév. {r.revision}</Link>{' '}
                        <a
                          href={`${r.url}/pdf`}
                          target="_blank"
                          rel="noreferrer"
                          aria-label={`PDF de la rév. ${r.revision}`}
                        >
                          <i className="bi bi-file-earmark-pdf" aria-hidden="true" />
                        </a>{' '}
                        <span className="small text-body-secondary">
                          remplacée le {formatDateTime(r.created_at)}
                          {r.created_by ? ` par ${r.created_by}` : ''}
                        </span>
                      </li>
                    ))}
                  </ul>
                </Block>
              </div>
            )}
          </div>
        )}
        <DevisForm
          key={`${devis.id}-${viewingRevision ?? 'current'}`}
          initial={devis.form}
          client={devis.client}
          commerciaux={props.commerciaux}
          textes={props.textes}
          devisId={devis.id}
          lockVersion={devis.lock_version}
          revision={devis.revision}
          readOnly={readOnly}
          conflict={props.conflict}
          notice={notice}
          onDirtyChange={onDirtyChange}
          submitLabel={revisable ? `Enregistrer la rév. ${devis.revision + 1}` : undefined}
          partenaire={devis.partenaire}
        />
        {!viewingRevision && devis.updated_by && (
          <p className="small text-body-secondary mt-2">
            Dernière modification le {formatDateTime(devis.updated_at)} par {devis.updated_by}.
          </p>
        )}
      </div>
    </>
  )
}
