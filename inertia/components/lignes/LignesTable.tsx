/*
 * The lines of a document (devis or offre): produit (catalogue autocomplete, quantity, unit,
 * price, discount, VAT), texte, section and sous-total; dragged to reorder by their handle, with the mouse or the
 * keyboard (Space to take a line, arrows to move it, Space to drop, Escape to cancel).
 * Totals per line come from the live totals (shared/totals.ts); errors show on their cell.
 */
import type { ReactNode } from 'react'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { emptyLigne, type LigneForm } from '@shared/devis'
import { TAUX_TVA, UNITE_LABELS, UNITES } from '@shared/produits'
import { formatEuros, LIGNE_TYPE_LABELS, type LigneType } from '@shared/totals'
import ProduitAutocomplete from './ProduitAutocomplete.js'
import { ligneFromChoice, type Catalogue } from './catalogue.js'

export type LignesTableProps = {
  lignes: LigneForm[]
  onChange: (lignes: LigneForm[]) => void
  /** Net per line (produit) or running sub-total, in cents, from the live totals. */
  lineTotals: (number | null)[]
  errors: Record<string, string | undefined>
  /** Where the designation cell searches products (esi prices or a société's partner prices). */
  catalogue: Catalogue
  readOnly?: boolean
}

let keySeq = 0
/** A key that keeps a row's React identity while it is dragged. */
export function newKey(): string {
  keySeq += 1
  return `n${Date.now().toString(36)}${keySeq}`
}

export function withKeys(lignes: LigneForm[]): LigneForm[] {
  return lignes.map((l) => (l.key ? l : { ...l, key: newKey() }))
}

const rowLabel = (lignes: LigneForm[], id: string | number) => {
  const index = lignes.findIndex((l) => l.key === id)
  const l = lignes[index]
  return l ? `ligne ${index + 1} (${l.designation || LIGNE_TYPE_LABELS[l.type]})` : 'la ligne'
}

function announcements(lignes: LigneForm[]): Announcements {
  const pos = (id: string | number | undefined) =>
    id === undefined ? '' : String(lignes.findIndex((l) => l.key === id) + 1)
  return {
    onDragStart: ({ active }) => `${rowLabel(lignes, active.id)} prise.`,
    onDragOver: ({ active, over }) =>
      over ? `${rowLabel(lignes, active.id)} au-dessus de la position ${pos(over.id)}.` : '',
    onDragEnd: ({ active, over }) =>
      over
        ? `${rowLabel(lignes, active.id)} déposée en position ${pos(over.id)}.`
        : `${rowLabel(lignes, active.id)} déposée.`,
    onDragCancel: ({ active }) => `Déplacement de ${rowLabel(lignes, active.id)} annulé.`,
  }
}

const SCREEN_READER_INSTRUCTIONS =
  'Pour déplacer une ligne, appuyez sur Espace, utilisez les flèches haut et bas, puis Espace pour la déposer ou Échap pour annuler.'

type RowProps = {
  ligne: LigneForm
  index: number
  total: number | null
  errors: Record<string, string | undefined>
  catalogue: Catalogue
  readOnly?: boolean
  update: (patch: Partial<LigneForm>) => void
  remove: () => void
}

function CellError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block small">
      {message}
    </div>
  ) : null
}

function SortableRow({
  ligne,
  index,
  total,
  errors,
  catalogue,
  readOnly,
  update,
  remove,
}: RowProps) {
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
      onClick={remove}
    >
      <i className="bi bi-x-lg" aria-hidden="true" />
    </button>
  )

  let cells: ReactNode
  if (ligne.type === 'produit') {
    cells = (
      <>
        <td style={{ minWidth: '16rem' }}>
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
        </td>
        <td style={{ width: '6rem' }}>
          <label htmlFor={id('quantite')} className="visually-hidden">
            Quantité
          </label>
          {input('quantite')}
        </td>
        <td style={{ width: '6.5rem' }}>
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
        <td style={{ width: '8rem' }}>
          <label htmlFor={id('prix_unitaire_ht')} className="visually-hidden">
            Prix unitaire HT
          </label>
          {input('prix_unitaire_ht')}
        </td>
        <td style={{ width: '5.5rem' }}>
          <label htmlFor={id('remise_pct')} className="visually-hidden">
            Remise %
          </label>
          {input('remise_pct')}
        </td>
        <td style={{ width: '5.5rem' }}>
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
        <td className="text-end text-nowrap align-middle" data-testid={`ligne-total-${index}`}>
          {formatEuros(total ?? 0)}
        </td>
      </>
    )
  } else if (ligne.type === 'sous_total') {
    cells = (
      <>
        <td colSpan={6} className="text-end fw-semibold align-middle">
          Sous-total
        </td>
        <td
          className="text-end text-nowrap fw-semibold align-middle"
          data-testid={`ligne-total-${index}`}
        >
          {formatEuros(total ?? 0)}
        </td>
      </>
    )
  } else {
    const section = ligne.type === 'section'
    cells = (
      <td colSpan={7}>
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
      <td className="text-center align-middle" style={{ width: '2rem' }}>
        {handle}
      </td>
      {cells}
      <td className="text-center align-middle" style={{ width: '2rem' }}>
        {removeButton}
      </td>
    </tr>
  )
}

const ADD_BUTTONS: { type: LigneType; icon: string; label: string }[] = [
  { type: 'produit', icon: 'bi-box', label: 'Produit' },
  { type: 'texte', icon: 'bi-text-paragraph', label: 'Texte' },
  { type: 'section', icon: 'bi-type-h3', label: 'Section' },
  { type: 'sous_total', icon: 'bi-calculator', label: 'Sous-total' },
]

export default function LignesTable({
  lignes,
  onChange,
  lineTotals,
  errors,
  catalogue,
  readOnly,
}: LignesTableProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  )

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event
    if (!over || active.id === over.id) return
    const from = lignes.findIndex((l) => l.key === active.id)
    const to = lignes.findIndex((l) => l.key === over.id)
    if (from < 0 || to < 0) return
    onChange(arrayMove(lignes, from, to))
  }

  const update = (index: number) => (patch: Partial<LigneForm>) =>
    onChange(lignes.map((l, i) => (i === index ? { ...l, ...patch } : l)))
  const remove = (index: number) => () => onChange(lignes.filter((_, i) => i !== index))
  const add = (type: LigneType) => onChange([...lignes, { ...emptyLigne(type), key: newKey() }])

  return (
    <div>
      <div className="table-responsive">
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: announcements(lignes),
            screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
          }}
        >
          <table className="table table-sm align-top mb-2" data-testid="lignes-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Ordre</span>
                </th>
                <th scope="col">Désignation</th>
                <th scope="col" className="text-end">
                  Qté
                </th>
                <th scope="col">Unité</th>
                <th scope="col" className="text-end">
                  Prix unit. HT
                </th>
                <th scope="col" className="text-end">
                  <abbr title="Remise en %">Rem. %</abbr>
                </th>
                <th scope="col">TVA</th>
                <th scope="col" className="text-end">
                  Total HT
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <SortableContext
              items={lignes.map((l) => l.key!)}
              strategy={verticalListSortingStrategy}
            >
              <tbody>
                {lignes.length === 0 && (
                  <tr>
                    <td colSpan={9} className="text-center text-body-secondary py-3">
                      Aucune ligne : ajoutez un produit, un texte ou une section.
                    </td>
                  </tr>
                )}
                {lignes.map((l, i) => (
                  <SortableRow
                    key={l.key}
                    ligne={l}
                    index={i}
                    total={lineTotals[i] ?? null}
                    errors={errors}
                    catalogue={catalogue}
                    readOnly={readOnly}
                    update={update(i)}
                    remove={remove(i)}
                  />
                ))}
              </tbody>
            </SortableContext>
          </table>
        </DndContext>
      </div>
      {!readOnly && (
        <div className="d-flex flex-wrap gap-2" role="group" aria-label="Ajouter une ligne">
          {ADD_BUTTONS.map((b) => (
            <button
              key={b.type}
              type="button"
              className="btn btn-sm btn-alt-primary"
              onClick={() => add(b.type)}
            >
              <i className={`bi ${b.icon} me-1`} aria-hidden="true" />
              {b.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
