/*
 * esi/commande/Pose (issue 12 §5): the technician's view of the job on a phone — the chantier
 * (a link opens the phone's navigation), the customer (call, mail), the measured items, the pose
 * step's notes and dates, photos before/after, « Commencer la pose » (refused with the gate's
 * reason while goods are missing) and « Réception » (the PV signed on the device). 390 px first.
 */
import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import PhotoUpload from '../../../components/commande/PhotoUpload.js'
import Block from '../../../components/ui/Block.js'
import {
  ChantierContact,
  LignesMesurees,
  StatutBadge,
} from '../../../components/reception/PoseParts.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import type { PosePageProps, PosePhoto } from '@shared/receptions'
import { route } from '~/lib/route'

function Photos({
  commandeId,
  photos,
  moment,
}: {
  commandeId: number
  photos: PosePhoto[]
  moment: 'avant' | 'apres'
}) {
  const list = photos.filter((p) => p.moment === moment)
  return (
    <>
      {list.length ? (
        <PhotoList list={list} moment={moment} />
      ) : (
        <p className="small text-body-secondary mb-2">Aucune photo.</p>
      )}
      <PhotoUpload
        commandeId={commandeId}
        etape="pose"
        moment={moment}
        label={moment === 'avant' ? 'Photos avant la pose' : 'Photos après la pose'}
        onUploaded={() => router.reload({ only: ['photos'] })}
      />
    </>
  )
}

function PhotoList({ list, moment }: { list: PosePhoto[]; moment: 'avant' | 'apres' }) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-2" data-testid={`pose-photos-${moment}`}>
      {list.map((p) => (
        <a key={p.id} href={p.url} target="_blank" rel="noopener noreferrer">
          <img
            src={p.vignette}
            alt={p.legende ?? `Photo ${moment === 'avant' ? 'avant' : 'après'} la pose`}
            width={96}
            height={96}
            className="rounded border object-fit-cover"
          />
        </a>
      ))}
    </div>
  )
}

export default function CommandePose({
  commande,
  etape,
  lignes,
  mesure,
  photos,
  reception,
}: PosePageProps) {
  const [busy, setBusy] = useState(false)
  const peutCommencer = etape.statut !== 'en_cours' && etape.statut !== 'faite'

  function commencer() {
    setBusy(true)
    router.post(
      route('esi.commandes.pose.commencer', { id: commande.id }),
      {},
      { preserveScroll: true, onFinish: () => setBusy(false) }
    )
  }

  return (
    <>
      <Head title={`Pose — ${commande.numero}`} />
      <PageHeader
        title={`Pose — ${commande.numero}`}
        subtitle={
          <>
            {commande.client.nom} — {commande.objet} <StatutBadge statut={etape.statut} />
          </>
        }
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: commande.numero, href: route('esi.commandes.show', { id: commande.id }) },
          { label: 'Pose' },
        ]}
      />
      <div className="content">
        <div className="d-grid gap-2 mb-4" data-testid="pose-actions">
          {peutCommencer && (
            <>
              <button
                type="button"
                className="btn btn-lg btn-primary py-3"
                onClick={commencer}
                disabled={busy || etape.gate !== null}
                aria-describedby={etape.gate ? 'pose-gate' : undefined}
                data-testid="pose-commencer"
              >
                <i className="bi bi-play-circle me-2" aria-hidden="true" />
                Commencer la pose
              </button>
              {etape.gate && (
                <div
                  id="pose-gate"
                  className="alert alert-warning mb-0"
                  role="note"
                  data-testid="pose-gate"
                >
                  <i className="bi bi-lock me-1" aria-hidden="true" />
                  {etape.gate}
                </div>
              )}
            </>
          )}
          <Link
            href={route('esi.commandes.reception', { id: commande.id })}
            className={`btn btn-lg py-3 ${reception ? 'btn-alt-success' : 'btn-success'}`}
            data-testid="pose-reception"
          >
            <i className="bi bi-pen me-2" aria-hidden="true" />
            {reception
              ? reception.reserves_ouvertes
                ? `Réception signée — ${reception.reserves_ouvertes} réserve(s) à lever`
                : 'Réception signée'
              : 'Réception (PV à faire signer)'}
          </Link>
        </div>

        <div className="row g-4">
          <div className="col-lg-6">
            <Block title="Chantier et client">
              <ChantierContact commande={commande} />
            </Block>
          </div>
          <div className="col-lg-6">
            <Block title="Pose">
              <dl className="row mb-0">
                <dt className="col-5 fw-normal text-body-secondary">Prévue</dt>
                <dd className="col-7">
                  {etape.prevue_debut
                    ? `${formatDate(etape.prevue_debut)}${etape.prevue_fin && formatDate(etape.prevue_fin) !== formatDate(etape.prevue_debut) ? ` → ${formatDate(etape.prevue_fin)}` : ''}`
                    : '—'}
                </dd>
                <dt className="col-5 fw-normal text-body-secondary">Équipe</dt>
                <dd className="col-7">{etape.responsable ?? '—'}</dd>
                <dt className="col-5 fw-normal text-body-secondary">Commencée</dt>
                <dd className="col-7">
                  {etape.debut_reel ? formatDateTime(etape.debut_reel) : '—'}
                </dd>
                <dt className="col-5 fw-normal text-body-secondary">Chef de projet</dt>
                <dd className="col-7">{commande.chef_projet ?? '—'}</dd>
              </dl>
              <h3 className="fs-6 mt-3">Notes</h3>
              <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }} data-testid="pose-notes">
                {etape.notes?.trim() || <span className="text-body-secondary">Aucune note.</span>}
              </p>
            </Block>
          </div>
          <div className="col-12">
            <Block title={`Éléments mesurés (${lignes.length})`}>
              {mesure?.statut === 'brouillon' && (
                <p className="small text-warning-emphasis">
                  La fiche de mesurage n’est pas encore validée.
                </p>
              )}
              <LignesMesurees lignes={lignes} />
            </Block>
          </div>
          <div className="col-12">
            <Block title="Photos">
              <h3 className="fs-6">Avant la pose</h3>
              <Photos commandeId={commande.id} photos={photos} moment="avant" />
              <h3 className="fs-6 mt-3">Après la pose</h3>
              <Photos commandeId={commande.id} photos={photos} moment="apres" />
            </Block>
          </div>
        </div>
      </div>
    </>
  )
}
