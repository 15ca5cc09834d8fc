/*
 * One row of the lines table: a produit (catalogue autocomplete in the designation cell, quantity,
 * unit, price, discount, VAT and its net total), a texte, a section or a sous-total; its drag
 * handle (dnd-kit) and its delete button. Each cell shows its own French error
 * (`lignes.3.quantite`).
 */
import { memo, type ReactNode } from 'react'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { LigneForm } from '@shared/devis'
import { TAUX_TVA, UNITE_LABELS, UNITES } from '@shared/produits'
import { formatEuros, ligneEcartee } from '@shared/totals'
import ProduitAutocomplete from './ProduitAutocomplete.js'
import { ligneFromChoice, type Catalogue } from './catalogue.js'

export type LigneRowProps = {
  ligne: LigneForm
  index: number
  total: number | null
  errors: Record<string, string | undefined>
  catalogue: Catalogue
  readOnly?: boolean
  /** A devis: the line's « Option » switch and, for an option, whether it is proposed ticked. */
  withOptions?: boolean
  /** Changes line `index` (one function for every row: its identity never changes). */
  update: (index: number, patch: Partial<LigneForm>) => void
  remove: (index: number) => void
}

/** Whether two error maps say the same of line `index` (the map also holds other fields'). */
export function sameRowErrors(
  a: Record<string, string | undefined>,
  b: Record<string, string | undefined>,
  index: number
): boolean {
  if (a === b) return true
  const prefix = `lignes.${index}.`
  for (const key of Object.keys(a)) if (key.startsWith(prefix) && a[key] !== b[key]) return false
  for (const key of Object.keys(b)) if (key.startsWith(prefix) && a[key] !== b[key]) return false
  return true
}

/** A row is drawn again only when what it shows changed (50 lines: a keystroke, the save). */
function sameRow(a: LigneRowProps, b: LigneRowProps): boolean {
  return (
    a.ligne === b.ligne &&
    a.index === b.index &&
    a.total === b.total &&
    a.catalogue === b.catalogue &&
    a.readOnly === b.readOnly &&
    a.withOptions === b.withOptions &&
    a.update === b.update &&
    a.remove === b.remove &&
    sameRowErrors(a.errors, b.errors, a.index)
  )
}

function CellError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block small">
      {message}
    </div>
  ) : null
}

/**
 * « Option »: the customer may tick or untick the line online before accepting (issue 14 §1);
 * « Comptée » says whether it is proposed ticked (counted in the totals) or not.
 */
function OptionSwitches({
  ligne,
  index,
  readOnly,
  update,
}: Pick<LigneRowProps, 'ligne' | 'index' | 'readOnly'> & {
  update: (patch: Partial<LigneForm>) => void
}) {
  const optionId = `lignes-${index}-optionnel`
  const retenueId = `lignes-${index}-retenue`
  return (
    <div className="d-flex flex-wrap gap-3 mt-1 small">
      <div className="form-check form-switch mb-0">
        <input
          id={optionId}
          type="checkbox"
          className="form-check-input"
          checked={ligne.optionnel === true}
          disabled={readOnly}
          onChange={(e) =>
            update({ optionnel: e.target.checked, retenue: e.target.checked ? false : true })
          }
        />
        <label className="form-check-label" htmlFor={optionId}>
          Option
        </label>
      </div>
      {ligne.optionnel === true && (
        <div className="form-check mb-0">
          <input
            id={retenueId}
            type="checkbox"
            className="form-check-input"
            checked={ligne.retenue !== false}
            disabled={readOnly}
            onChange={(e) => update({ retenue: e.target.checked })}
          />
          <label className="form-check-label" htmlFor={retenueId}>
            Proposée cochée (comptée dans le total)
          </label>
        </div>
      )}
    </div>
  )
}

function LigneRow({
  ligne,
  index,
  total,
  errors,
  catalogue,
  readOnly,
  withOptions,
  update: updateAt,
  remove: removeAt,
}: LigneRowProps) {
  const update = (patch: Partial<LigneForm>) => updateAt(index, patch)
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: ligne.key!, disabled: readOnly })
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative' as const,
    zIndex: isDragging ? 10 : undefined,
  }
  const id = (f: string) => `lignes-${index}-${f}`
  const err = (f: string) => errors[`lignes.${index}.${f}`]
  const input = (f: keyof LigneForm, props: Record<string, unknown> = {}) => (
    <>
      <input
        id={id(f)}
        className={`form-control form-control-sm text-end${err(f) ? ' is-invalid' : ''}`}
        value={String(ligne[f] ?? '')}
        inputMode="decimal"
        readOnly={readOnly}
        aria-invalid={err(f) ? true : undefined}
        aria-describedby={err(f) ? `${id(f)}-error` : undefined}
        onChange={(e) => update({ [f]: e.target.value } as Partial<LigneForm>)}
        {...props}
      />
      <CellError id={`${id(f)}-error`} message={err(f)} />
    </>
  )

  const handle = readOnly ? (
    <span className="text-body-tertiary">{index + 1}</span>
  ) : (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="btn btn-sm btn-link text-body-secondary p-0"
      aria-label={`Déplacer la ligne ${index + 1}`}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <i className="bi bi-grip-vertical" aria-hidden="true" />
    </button>
  )
  const removeButton = readOnly ? null : (
    <button
      type="button"
      className="btn btn-sm btn-link text-danger p-0"
      aria-label={`Supprimer la ligne ${index + 1}`}
      title="Supprimer la ligne"
      onClick={() => removeAt(index)}
    >
      <i className="bi bi-x-lg" aria-hidden="true" />
    </button>
  )

  let cells: ReactNode
  if (ligne.type === 'produit') {
    cells = (
      <>
        <td className="ligne-designation" style={{ minWidth: '16rem' }}>
          <label htmlFor={id('designation')} className="visually-hidden">
            Désignation de la ligne {index + 1}
          </label>
          {readOnly ? (
            <div className="small" style={{ whiteSpace: 'pre-line' }}>
              {ligne.designation}
            </div>
          ) : (
            <ProduitAutocomplete
              id={id('designation')}
              value={ligne.designation}
              catalogue={catalogue}
              invalid={Boolean(err('designation'))}
              describedBy={err('designation') ? `${id('designation')}-error` : undefined}
              onChange={(designation) => update({ designation })}
              onPick={(p) => update(ligneFromChoice(p))}
            />
          )}
          <CellError id={`${id('designation')}-error`} message={err('designation')} />
          {withOptions && (
            <OptionSwitches ligne={ligne} index={index} readOnly={readOnly} update={update} />
          )}
        </td>
        <td data-label="Quantité" style={{ width: '6rem' }}>
          <label htmlFor={id('quantite')} className="visually-hidden">
            Quantité
          </label>
          {input('quantite')}
        </td>
        <td data-label="Unité" style={{ width: '6.5rem' }}>
          <label htmlFor={id('unite')} className="visually-hidden">
            Unité
          </label>
          <select
            id={id('unite')}
            className={`form-select form-select-sm${err('unite') ? ' is-invalid' : ''}`}
            value={ligne.unite ?? ''}
            disabled={readOnly}
            onChange={(e) => update({ unite: e.target.value || null })}
          >
            {UNITES.map((u) => (
              <option key={u} value={u}>
                {UNITE_LABELS[u]}
              </option>
            ))}
          </select>
          <CellError id={`${id('unite')}-error`} message={err('unite')} />
        </td>
        <td data-label="Prix unit. HT" style={{ width: '8rem' }}>
          <label htmlFor={id('prix_unitaire_ht')} className="visually-hidden">
            Prix unitaire HT
          </label>
          {input('prix_unitaire_ht')}
        </td>
        <td data-label="Remise %" style={{ width: '5.5rem' }}>
          <label htmlFor={id('remise_pct')} className="visually-hidden">
            Remise %
          </label>
          {input('remise_pct')}
        </td>
        <td data-label="TVA" style={{ width: '5.5rem' }}>
          <label htmlFor={id('taux_tva')} className="visually-hidden">
            TVA
          </label>
          <select
            id={id('taux_tva')}
            className={`form-select form-select-sm${err('taux_tva') ? ' is-invalid' : ''}`}
            value={ligne.taux_tva ?? ''}
            disabled={readOnly}
            onChange={(e) =>
              update({ taux_tva: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            {TAUX_TVA.map((t) => (
              <option key={t} value={t}>
                {t} %
              </option>
            ))}
          </select>
          <CellError id={`${id('taux_tva')}-error`} message={err('taux_tva')} />
        </td>
        <td
          className="ligne-total text-end text-nowrap align-middle"
          data-label="Total HT"
          data-testid={`ligne-total-${index}`}
        >
          {ligneEcartee(ligne) ? (
            <span className="text-body-tertiary" title="Option non cochée : hors total">
              ({formatEuros(total ?? 0)})<span className="d-block small">hors total</span>
            </span>
          ) : (
            formatEuros(total ?? 0)
          )}
        </td>
      </>
    )
  } else if (ligne.type === 'sous_total') {
    cells = (
      <>
        <td colSpan={6} className="ligne-designation text-end fw-semibold align-middle">
          Sous-total
        </td>
        <td
          className="ligne-total text-end text-nowrap fw-semibold align-middle"
          data-testid={`ligne-total-${index}`}
        >
          {formatEuros(total ?? 0)}
        </td>
      </>
    )
  } else {
    const section = ligne.type === 'section'
    cells = (
      <td colSpan={7} className="ligne-designation">
        <label htmlFor={id('designation')} className="visually-hidden">
          {section ? 'Titre de la section' : 'Texte'} (ligne {index + 1})
        </label>
        {section ? (
          <input
            id={id('designation')}
            className={`form-control form-control-sm fw-bold${err('designation') ? ' is-invalid' : ''}`}
            value={ligne.designation}
            readOnly={readOnly}
            placeholder="Titre de la section"
            onChange={(e) => update({ designation: e.target.value })}
          />
        ) : (
          <textarea
            id={id('designation')}
            rows={2}
            className={`form-control form-control-sm${err('designation') ? ' is-invalid' : ''}`}
            value={ligne.designation}
            readOnly={readOnly}
            placeholder="Texte libre"
            onChange={(e) => update({ designation: e.target.value })}
          />
        )}
        <CellError id={`${id('designation')}-error`} message={err('designation')} />
      </td>
    )
  }

  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'table-active' : undefined}
      data-testid={`ligne-${index}`}
      data-ligne-type={ligne.type}
    >
      <td className="ligne-handle text-center align-middle" style={{ width: '2rem' }}>
        {handle}
      </td>
      {cells}
      <td className="ligne-remove text-center align-middle" style={{ width: '2rem' }}>
        {removeButton}
      </td>
    </tr>
  )
}

export default memo(LigneRow, sameRow)
