/*
 * The gallery's upload entry (issue 14 §4): choose the commande (search by number, client or
 * object) and the step, a caption and the « publique » flag for the whole selection, then take
 * or choose the photos — sent by the one PhotoUpload of the commande pages.
 */
import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import PhotoUpload from '~/components/commande/PhotoUpload'
import { http } from '~/lib/http'
import { route } from '~/lib/route'
import { ETAPES, ETAPE_LABELS, type Etape } from '@shared/commande_etapes'

export type CommandeOption = { id: number; numero: string; client_nom: string; objet: string }

export default function UploadPanel({ initial }: { initial: CommandeOption | null }) {
  const [commande, setCommande] = useState<CommandeOption | null>(initial)
  const [q, setQ] = useState('')
  const [options, setOptions] = useState<CommandeOption[]>([])
  const [etape, setEtape] = useState<Etape | ''>('pose')
  const [legende, setLegende] = useState('')
  const [publique, setPublique] = useState(false)

  // The search answers only while no commande is chosen and the words are long enough
  const searching = !commande && q.trim().length >= 2
  useEffect(() => {
    if (!searching) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      http
        .get<{ commandes: CommandeOption[] }>(route('esi.realisation.commandes', {}, { q }), {
          signal: controller.signal,
          progress: false,
        })
        .then((answer) => setOptions(answer.commandes))
        .catch(() => {})
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q, searching])
  const shown = searching ? options : []

  return (
    <div className="row g-3">
      <div className="col-12 col-md-6">
        {commande ? (
          <div className="form-label" id="upload-commande-label">
            Commande
          </div>
        ) : (
          <label className="form-label" htmlFor="upload-commande">
            Commande
          </label>
        )}
        {commande ? (
          <div className="input-group">
            <span
              className="form-control text-truncate"
              aria-labelledby="upload-commande-label"
              data-testid="upload-commande-choisie"
            >
              {commande.numero} — {commande.client_nom}
            </span>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setCommande(null)}
            >
              Changer
            </button>
          </div>
        ) : (
          <>
            <input
              id="upload-commande"
              type="search"
              className="form-control"
              placeholder="Numéro, client ou objet"
              autoComplete="off"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            {shown.length > 0 && (
              <div className="list-group mt-1" role="listbox" aria-label="Commandes trouvées">
                {shown.map((o) => (
                  <button
                    key={o.id}
                    type="button"
                    role="option"
                    aria-selected={false}
                    className="list-group-item list-group-item-action small"
                    onClick={() => {
                      setCommande(o)
                      setQ('')
                    }}
                  >
                    <strong>{o.numero}</strong> — {o.client_nom}
                    <span className="d-block text-body-secondary text-truncate">{o.objet}</span>
                  </button>
                ))}
              </div>
            )}
          </>
        )}
      </div>
      <div className="col-12 col-md-6">
        <label className="form-label" htmlFor="upload-etape">
          Étape
        </label>
        <select
          id="upload-etape"
          className="form-select"
          value={etape}
          onChange={(e) => setEtape(e.target.value as Etape | '')}
        >
          <option value="">La commande (sans étape)</option>
          {ETAPES.map((e) => (
            <option key={e} value={e}>
              {ETAPE_LABELS[e]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-12 col-md-8">
        <label className="form-label" htmlFor="upload-legende">
          Légende (pour toutes les photos choisies)
        </label>
        <input
          id="upload-legende"
          className="form-control"
          maxLength={300}
          value={legende}
          onChange={(e) => setLegende(e.target.value)}
        />
      </div>
      <div className="col-12 col-md-4 d-flex align-items-end">
        <div className="form-check mb-2">
          <input
            id="upload-publique"
            type="checkbox"
            className="form-check-input"
            checked={publique}
            onChange={(e) => setPublique(e.target.checked)}
          />
          <label className="form-check-label" htmlFor="upload-publique">
            Publique (portfolio)
          </label>
        </div>
      </div>
      <div className="col-12">
        {commande ? (
          <PhotoUpload
            commandeId={commande.id}
            etape={etape || null}
            legende={legende}
            publique={publique}
            label="Prendre des photos"
            galleryButton
            onUploaded={() =>
              router.reload({ only: ['photos', 'total', 'page', 'pages', 'options'] })
            }
          />
        ) : (
          <p className="text-body-secondary mb-0">Choisissez d’abord la commande.</p>
        )}
      </div>
    </div>
  )
}
