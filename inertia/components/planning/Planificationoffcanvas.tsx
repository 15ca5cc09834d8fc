/*
 * Issue 13 §3 — what waits to be planned (mesurages, poses whose gate is open, SAV and
 * commercial requests), oldest first. Beside the calendar on a wide screen, a Bootstrap offcanvas
 * (full width on a phone) below. Drag an item onto the calendar to plan it there, or choose it to
 * open the modal prefilled.
 */
import { useMemo, useState } from 'react'
import { formatDate } from '../../lib/format.js'
import {
  NATURE_COULEURS,
  NATURE_LABELS,
  type AttenteItem,
  type PlanningType,
} from '@shared/planning'

export type PlanificationoffcanvasProps = {
  type: PlanningType
  /** null while loading. */
  items: AttenteItem[] | null
  error: string | null
  open: boolean
  onClose: () => void
  onDragStart: (item: AttenteItem) => void
  onDragEnd: () => void
  onChoose: (item: AttenteItem) => void
}

/** Lower case without accents, for the search box. */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

function duree(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h ? `${h} h${m ? ` ${String(m).padStart(2, '0')}` : ''}` : `${m} min`
}

export default function Planificationoffcanvas({
  type,
  items,
  error,
  open,
  onClose,
  onDragStart,
  onDragEnd,
  onChoose,
}: PlanificationoffcanvasProps) {
  const [q, setQ] = useState('')
  const shown = useMemo(() => {
    const needle = fold(q.trim())
    const list = items ?? []
    if (!needle) return list
    return list.filter((i) =>
      fold(
        [i.titre, i.client?.nom, i.commande?.numero, i.adresse].filter(Boolean).join(' ')
      ).includes(needle)
    )
  }, [items, q])

  return (
    <>
      <aside
        id="planning-attente"
        className={`offcanvas-xl offcanvas-end planning-attente${open ? ' show' : ''}`}
        tabIndex={-1}
        aria-labelledby="planning-attente-titre"
      >
        <div className="offcanvas-header">
          <h2 className="offcanvas-title h5" id="planning-attente-titre">
            À planifier
          </h2>
          <button
            type="button"
            className="btn-close"
            aria-label="Fermer la liste"
            onClick={onClose}
          />
        </div>
        <div className="offcanvas-body flex-column">
          <div className="block block-rounded mb-0 w-100 h-100 d-flex flex-column">
            <div className="block-header block-header-default d-none d-xl-flex">
              <h2 className="block-title" id="planning-attente-titre-xl">
                À planifier
              </h2>
              {items && (
                <span className="badge bg-primary" data-testid="attente-count">
                  {shown.length === items.length
                    ? items.length
                    : `${shown.length} / ${items.length}`}
                </span>
              )}
            </div>
            <div className="block-content pb-3 d-flex flex-column flex-grow-1 min-h-0">
              <label htmlFor="attente-recherche" className="visually-hidden">
                Rechercher dans ce qui attend
              </label>
              <input
                id="attente-recherche"
                type="search"
                className="form-control form-control-sm mb-2"
                placeholder="Client, commande, localité…"
                value={q}
                onChange={(e) => setQ(e.target.value)}
              />
              <p className="small text-body-secondary mb-2">
                {type === 'tec'
                  ? 'Glissez un élément sur le calendrier (sur la colonne d’un technicien en vue « Par personne ») ou choisissez-le.'
                  : 'Glissez une demande sur le calendrier ou choisissez-la.'}
              </p>
              {error && (
                <div className="alert alert-danger py-2 small" role="alert">
                  {error}
                </div>
              )}
              {items === null && !error && (
                <div className="text-body-secondary small" role="status">
                  <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                  Chargement…
                </div>
              )}
              {items !== null && shown.length === 0 && (
                <p className="text-body-secondary small mb-0">
                  {items.length ? 'Aucun élément ne correspond.' : 'Rien n’attend d’être planifié.'}
                </p>
              )}
              <ul
                className="list-unstyled planning-attente-list mb-0"
                aria-label="Éléments à planifier"
              >
                {shown.map((item) => (
                  <li
                    key={item.cle}
                    className="planning-attente-item"
                    draggable
                    data-cle={item.cle}
                    style={{ borderInlineStartColor: NATURE_COULEURS[item.nature] }}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', item.cle)
                      e.dataTransfer.effectAllowed = 'copy'
                      onDragStart(item)
                    }}
                    onDragEnd={onDragEnd}
                  >
                    <button
                      type="button"
                      className="planning-attente-button"
                      onClick={() => onChoose(item)}
                    >
                      <span className="d-flex justify-content-between gap-2">
                        <span className="fw-semibold">{NATURE_LABELS[item.nature]}</span>
                        <span className="small text-body-secondary text-nowrap">
                          {duree(item.dureeMinutes)}
                        </span>
                      </span>
                      <span className="d-block small">
                        {item.commande ? `${item.commande.numero} — ` : ''}
                        {item.client?.nom ?? item.titre}
                      </span>
                      {item.adresse && (
                        <span className="d-block small text-body-secondary">{item.adresse}</span>
                      )}
                      {item.depuis && (
                        <span className="d-block small text-body-secondary">
                          En attente depuis le {formatDate(item.depuis)}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </aside>
      {open && <div className="offcanvas-backdrop fade show d-md-none" onClick={onClose} />}
    </>
  )
}
