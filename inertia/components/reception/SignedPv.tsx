/*
 * A signed procès-verbal de réception (issue 12 §5), read-only: who signed, when and where, its
 * PDF, and its reserves lifted one by one (a comment, a photo).
 */
import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import Block from '../ui/Block.js'
import PhotoUpload from '../commande/PhotoUpload.js'
import { formatDateTime } from '../../lib/format.js'
import { RECEPTION_LIMITS, type ReceptionView } from '@shared/receptions'
import { route } from '~/lib/route'

export default function SignedPv({
  commandeId,
  reception,
}: {
  commandeId: number
  reception: ReceptionView
}) {
  const [commentaires, setCommentaires] = useState<Record<number, string>>({})
  const [busy, setBusy] = useState<number | null>(null)

  function lever(event: FormEvent, reserveId: number) {
    event.preventDefault()
    setBusy(reserveId)
    router.post(
      route('esi.commandes.reception.lever', { id: commandeId, reserve: reserveId }),
      { commentaire: commentaires[reserveId] ?? '' },
      { preserveScroll: true, onFinish: () => setBusy(null) }
    )
  }

  return (
    <Block title="Procès-verbal signé">
      <dl className="row mb-3" data-testid="pv-signe">
        <dt className="col-5 fw-normal text-body-secondary">Signé par</dt>
        <dd className="col-7">{reception.signataire}</dd>
        <dt className="col-5 fw-normal text-body-secondary">Le</dt>
        <dd className="col-7">{formatDateTime(reception.signee_le)}</dd>
        <dt className="col-5 fw-normal text-body-secondary">Lieu</dt>
        <dd className="col-7">{reception.lieu ?? '—'}</dd>
        <dt className="col-5 fw-normal text-body-secondary">Technicien</dt>
        <dd className="col-7">{reception.technicien ?? '—'}</dd>
        {reception.observations && (
          <>
            <dt className="col-5 fw-normal text-body-secondary">Observations</dt>
            <dd className="col-7" style={{ whiteSpace: 'pre-wrap' }}>
              {reception.observations}
            </dd>
          </>
        )}
      </dl>
      {reception.pdf_url && (
        <a
          href={reception.pdf_url}
          className="btn btn-lg btn-alt-primary w-100 mb-3"
          target="_blank"
          rel="noopener noreferrer"
          data-testid="pv-pdf"
        >
          <i className="bi bi-file-earmark-pdf me-2" aria-hidden="true" />
          PV de réception (PDF)
        </a>
      )}
      {!reception.avec_reserves ? (
        <p className="alert alert-success mb-0" data-testid="pv-sans-reserve">
          Réception sans réserve.
        </p>
      ) : (
        <>
          <h3 className="fs-6">
            Réserves ({reception.reserves_ouvertes} à lever sur {reception.reserves.length})
          </h3>
          <ul className="list-unstyled d-grid gap-2 mb-0" data-testid="pv-reserves">
            {reception.reserves.map((r) => (
              <li key={r.id} className="border rounded p-2" data-testid="pv-reserve">
                <div className="d-flex gap-2 justify-content-between">
                  <div>
                    <strong>{r.position}.</strong> {r.description}
                  </div>
                  {r.photo && (
                    <a href={r.photo.url} target="_blank" rel="noopener noreferrer">
                      <img
                        src={r.photo.vignette}
                        alt={`Photo de la réserve ${r.position}`}
                        width={64}
                        height={64}
                        className="rounded border object-fit-cover"
                        data-testid="pv-reserve-photo"
                      />
                    </a>
                  )}
                </div>
                <div className="mt-2">
                  <PhotoUpload
                    commandeId={commandeId}
                    etape="pose"
                    label={r.photo ? 'Remplacer la photo' : 'Photo de la réserve'}
                    onUploaded={(f) =>
                      router.post(
                        route('esi.commandes.reception.photo', { id: commandeId, reserve: r.id }),
                        { fichier_id: f.id },
                        { preserveScroll: true }
                      )
                    }
                  />
                </div>
                {r.levee_le ? (
                  <div className="small text-success" data-testid="pv-reserve-levee">
                    <i className="bi bi-check2-circle me-1" aria-hidden="true" />
                    Levée le {formatDateTime(r.levee_le)} par {r.levee_par}
                    {r.commentaire && ` — ${r.commentaire}`}
                  </div>
                ) : (
                  <form className="mt-2 d-grid gap-2" onSubmit={(e) => lever(e, r.id)}>
                    <label className="visually-hidden" htmlFor={`lever-${r.id}`}>
                      Commentaire de levée de la réserve {r.position}
                    </label>
                    <input
                      id={`lever-${r.id}`}
                      className="form-control form-control-lg"
                      placeholder="Commentaire (facultatif)"
                      maxLength={RECEPTION_LIMITS.commentaire}
                      value={commentaires[r.id] ?? ''}
                      onChange={(e) => setCommentaires((c) => ({ ...c, [r.id]: e.target.value }))}
                    />
                    <button
                      type="submit"
                      className="btn btn-lg btn-alt-success"
                      disabled={busy !== null}
                      data-testid="pv-reserve-lever"
                    >
                      <i className="bi bi-check2 me-1" aria-hidden="true" />
                      Lever la réserve
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Block>
  )
}
