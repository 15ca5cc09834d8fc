/*
 * One element of the measurement sheet (esi/mesurage Show): its fields as big phone controls, the
 * devis' reference, its photos and the differences with the devis as they are typed.
 */
import type { ReactNode } from 'react'
import PhotoUpload, { PhotoThumbs } from '../commande/PhotoUpload.js'
import type { DraftEcart, DraftRow } from '../../lib/mesurage_draft.js'
import {
  SENS_OUVERTURE,
  SENS_OUVERTURE_LABELS,
  ecartsLigne,
  parseMillimetres,
  parseQuantite,
  type SensOuverture,
} from '@shared/mesurage'
import type { Photo } from './types.js'

const COULEURS = ['blanc', 'anthracite', 'noir', 'gris', 'crème', 'chêne doré', 'brun']
const VITRAGES = ['double vitrage', 'triple vitrage', 'vitrage acoustique', 'feuilleté']

/** The suggestions of the cards' colour and glazing fields, rendered once by the page. */
export function MesureDatalists() {
  return (
    <>
      <datalist id="mesure-couleurs">
        {COULEURS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <datalist id="mesure-vitrages">
        {VITRAGES.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
    </>
  )
}

function referenceText(row: DraftRow): string | null {
  const r = row.reference
  const parts = [
    r.largeur_mm || r.hauteur_mm ? `${r.largeur_mm ?? '…'} × ${r.hauteur_mm ?? '…'} mm` : null,
    r.couleur,
    r.vitrage,
    r.sens_ouverture
      ? (SENS_OUVERTURE_LABELS[r.sens_ouverture as SensOuverture] ?? r.sens_ouverture)
      : null,
    r.quantite !== null && r.quantite !== undefined
      ? `quantité ${String(r.quantite).replace('.', ',')}`
      : null,
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : null
}

/** The differences as typed (the server's rule, the société's tolerance). */
function liveEcarts(row: DraftRow, tolerance: number): DraftEcart[] {
  if (row.bdc_ligne_id === null) return []
  return ecartsLigne(
    {
      bdc_ligne_id: row.bdc_ligne_id,
      largeur_mm: parseMillimetres(row.largeur_mm),
      hauteur_mm: parseMillimetres(row.hauteur_mm),
      couleur: row.couleur || null,
      vitrage: row.vitrage || null,
      sens_ouverture: row.sens_ouverture || null,
      quantite: parseQuantite(row.quantite),
    },
    row.reference,
    tolerance
  )
}

function Field({
  id,
  label,
  error,
  children,
  className = 'col-12',
}: {
  id: string
  label: string
  error?: string
  children: ReactNode
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label fw-semibold mb-1">
        {label}
      </label>
      {children}
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}

export default function MesureLigneCard({
  row,
  index,
  readOnly,
  tolerance,
  errors,
  pending,
  onChange,
  onRemove,
  commandeId,
  photos,
  canUpload,
  onPhoto,
}: {
  row: DraftRow
  index: number
  readOnly: boolean
  tolerance: number
  errors: Record<string, string>
  pending: boolean
  onChange: (patch: Partial<DraftRow>) => void
  onRemove: () => void
  commandeId: number
  photos: Photo[]
  canUpload: boolean
  onPhoto: (photo: Photo) => void
}) {
  const id = (f: string) => `l${index}-${f}`
  const ref = referenceText(row)
  const live = readOnly ? row.ecarts : liveEcarts(row, tolerance)
  const invalid = (f: string) => (errors[f] ? ' is-invalid' : '')
  const mmHint = (value: string) =>
    value.trim() !== '' && parseMillimetres(value) === null
      ? 'Un nombre entier de millimètres.'
      : undefined
  return (
    <div
      className={`card mb-3 shadow-sm${live.length ? ' border-danger' : ''}`}
      data-testid="mesure-ligne"
      data-uuid={row.client_uuid}
    >
      <div className="card-header d-flex align-items-center gap-2">
        <span className="badge text-bg-secondary">{index + 1}</span>
        <span className="fw-semibold flex-grow-1 text-truncate">
          {row.designation || (row.bdc_ligne_id === null ? 'Élément ajouté' : 'Élément')}
        </span>
        {pending && (
          <span className="badge text-bg-warning" title="Pas encore envoyé">
            <i className="bi bi-cloud-arrow-up" aria-hidden="true" /> à envoyer
          </span>
        )}
        {!readOnly && (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={onRemove}
            aria-label={`Retirer la ligne ${index + 1}`}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="card-body">
        {ref && (
          <p className="small text-body-secondary mb-2">
            <i className="bi bi-file-text me-1" aria-hidden="true" />
            Devis : {ref}
          </p>
        )}
        <fieldset disabled={readOnly} className="row g-3">
          <Field
            id={id('repere')}
            label="Repère / pièce"
            error={errors.repere}
            className="col-12 col-md-6"
          >
            <input
              id={id('repere')}
              className={`form-control form-control-lg${invalid('repere')}`}
              value={row.repere}
              maxLength={80}
              placeholder="Cuisine, chambre 1…"
              onChange={(e) => onChange({ repere: e.target.value })}
            />
          </Field>
          {row.bdc_ligne_id === null && (
            <Field
              id={id('designation')}
              label="Désignation"
              error={errors.designation}
              className="col-12 col-md-6"
            >
              <input
                id={id('designation')}
                className={`form-control form-control-lg${invalid('designation')}`}
                value={row.designation}
                maxLength={300}
                onChange={(e) => onChange({ designation: e.target.value })}
              />
            </Field>
          )}
          <Field
            id={id('largeur')}
            label="Largeur (mm)"
            error={errors.largeur_mm ?? mmHint(row.largeur_mm)}
            className="col-6"
          >
            <input
              id={id('largeur')}
              className={`form-control form-control-lg${invalid('largeur_mm')}`}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={row.largeur_mm}
              onChange={(e) => onChange({ largeur_mm: e.target.value })}
            />
          </Field>
          <Field
            id={id('hauteur')}
            label="Hauteur (mm)"
            error={errors.hauteur_mm ?? mmHint(row.hauteur_mm)}
            className="col-6"
          >
            <input
              id={id('hauteur')}
              className={`form-control form-control-lg${invalid('hauteur_mm')}`}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={row.hauteur_mm}
              onChange={(e) => onChange({ hauteur_mm: e.target.value })}
            />
          </Field>
          <div className="col-12">
            <div className="form-label fw-semibold mb-1" id={id('sens-label')}>
              Sens d’ouverture
            </div>
            <div
              className="d-grid gap-2"
              style={{ gridTemplateColumns: 'repeat(2, 1fr)' }}
              role="radiogroup"
              aria-labelledby={id('sens-label')}
            >
              {SENS_OUVERTURE.map((s) => {
                const on = row.sens_ouverture === s
                return (
                  <button
                    key={s}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    className={`btn btn-lg ${on ? 'btn-primary' : 'btn-outline-secondary'}`}
                    onClick={() => onChange({ sens_ouverture: on ? '' : s })}
                  >
                    {SENS_OUVERTURE_LABELS[s]}
                  </button>
                )
              })}
            </div>
            {errors.sens_ouverture && (
              <div className="invalid-feedback d-block">{errors.sens_ouverture}</div>
            )}
          </div>
          <Field
            id={id('couleur')}
            label="Couleur"
            error={errors.couleur}
            className="col-12 col-md-4"
          >
            <input
              id={id('couleur')}
              className={`form-control form-control-lg${invalid('couleur')}`}
              list="mesure-couleurs"
              maxLength={80}
              value={row.couleur}
              onChange={(e) => onChange({ couleur: e.target.value })}
            />
          </Field>
          <Field
            id={id('vitrage')}
            label="Vitrage"
            error={errors.vitrage}
            className="col-12 col-md-4"
          >
            <input
              id={id('vitrage')}
              className={`form-control form-control-lg${invalid('vitrage')}`}
              list="mesure-vitrages"
              maxLength={80}
              value={row.vitrage}
              onChange={(e) => onChange({ vitrage: e.target.value })}
            />
          </Field>
          <Field
            id={id('quantite')}
            label="Quantité"
            error={errors.quantite}
            className="col-12 col-md-4"
          >
            <input
              id={id('quantite')}
              className={`form-control form-control-lg${invalid('quantite')}`}
              inputMode="decimal"
              autoComplete="off"
              value={row.quantite}
              onChange={(e) => onChange({ quantite: e.target.value })}
            />
          </Field>
          <Field id={id('remarques')} label="Remarques" error={errors.remarques}>
            <textarea
              id={id('remarques')}
              className={`form-control${invalid('remarques')}`}
              rows={2}
              maxLength={2000}
              value={row.remarques}
              onChange={(e) => onChange({ remarques: e.target.value })}
            />
          </Field>
        </fieldset>
        <div className="mt-3">
          <PhotoThumbs commandeId={commandeId} fichiers={photos} />
          {canUpload && row.server_id !== null && (
            <div className="mt-2">
              <PhotoUpload
                commandeId={commandeId}
                etape="mesurage"
                mesureLigneId={row.server_id}
                label="Photo de l’élément"
                onUploaded={(f) =>
                  onPhoto({
                    id: f.id,
                    mesure_ligne_id: f.mesure_ligne_id,
                    nom: f.nom,
                    legende: f.legende,
                  })
                }
              />
            </div>
          )}
          {canUpload && row.server_id === null && (
            <p className="small text-body-secondary mb-0">
              <i className="bi bi-camera me-1" aria-hidden="true" />
              Photos possibles une fois la ligne envoyée.
            </p>
          )}
        </div>
        {live.length > 0 && (
          <div className="alert alert-danger mt-3 mb-0 py-2" data-testid="ecarts">
            <div className="fw-semibold">
              <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
              {readOnly ? 'Écarts avec le devis' : 'Écart avec le devis (à la validation)'}
            </div>
            <ul className="mb-0 ps-3 small">
              {live.map((e, i) => (
                <li key={i}>{e.message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}
