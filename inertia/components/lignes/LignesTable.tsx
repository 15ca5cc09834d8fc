/*
 * The lines of a document (devis or offre): produit, texte, section and sous-total rows
 * (LigneRow.tsx), dragged to reorder by their handle with the mouse or the keyboard (Space to take
 * a line, arrows to move it, Space to drop, Escape to cancel), and the add-line buttons.
 * Totals per line come from the live totals (shared/totals.ts); errors show on their cell.
 */
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
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { emptyLigne, type LigneForm } from '@shared/devis'
import { LIGNE_TYPE_LABELS, type LigneType } from '@shared/totals'
import LigneRow from './LigneRow.js'
import type { Catalogue } from './catalogue.js'
import './lignes_table.css'

export type LignesTableProps = {
  lignes: LigneForm[]
  onChange: (lignes: LigneForm[]) => void
  /** Net per line (produit) or running sub-total, in cents, from the live totals. */
  lineTotals: (number | null)[]
  errors: Record<string, string | undefined>
  /** Where the designation cell searches products (esi prices or a société's partner prices). */
  catalogue: Catalogue
  readOnly?: boolean
  /** A devis: each produit line has its « Option » switch (issue 14 §1). */
  withOptions?: boolean
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

const ADD_BUTTONS: { type: LigneType; icon: string; label: string }[] = [
  { type: 'produit', icon: 'bi-box', label: 'Produit' },
  { type: 'texte', icon: 'bi-text-paragraph', label: 'Texte' },
  { type: 'section', icon: 'bi-type-h3', label: 'Section' },
  { type: 'sous_total', icon: 'bi-calculator', label: 'Sous-total' },
]

// Constants: options made at each render gave new sensors, hence a new drag context that drew
// every row again (decision 855)
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } }
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates }

export default function LignesTable({
  lignes,
  onChange,
  lineTotals,
  errors,
  catalogue,
  readOnly,
  withOptions,
}: LignesTableProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS)
  )

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event
    if (!over || active.id === over.id) return
    const from = lignes.findIndex((l) => l.key === active.id)
    const to = lignes.findIndex((l) => l.key === over.id)
    if (from < 0 || to < 0) return
    onChange(arrayMove(lignes, from, to))
  }

  // The rows' callbacks keep their identity (they read the lines of the last render), and the
  // sortable ids too while the order is the same: an unchanged row is not drawn again (decision
  // 855), where a click on « Enregistrer » redrew all 50
  const latest = useRef({ lignes, onChange })
  useLayoutEffect(() => {
    latest.current = { lignes, onChange }
  })
  const update = useCallback((index: number, patch: Partial<LigneForm>) => {
    const current = latest.current
    current.onChange(current.lignes.map((l, i) => (i === index ? { ...l, ...patch } : l)))
  }, [])
  const remove = useCallback((index: number) => {
    const current = latest.current
    current.onChange(current.lignes.filter((_, i) => i !== index))
  }, [])
  const order = lignes.map((l) => l.key!).join('\n')
  const items = useMemo(() => (order === '' ? [] : order.split('\n')), [order])
  const add = (type: LigneType) => onChange([...lignes, { ...emptyLigne(type), key: newKey() }])

  return (
    <div>
      <div className="table-responsive lignes-table-wrap">
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: announcements(lignes),
            screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
          }}
        >
          <table className="table table-sm align-top mb-2 lignes-table" data-testid="lignes-table">
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
            <SortableContext items={items} strategy={verticalListSortingStrategy}>
              <tbody>
                {lignes.length === 0 && (
                  <tr>
                    <td colSpan={9} className="text-center text-body-secondary py-3">
                      Aucune ligne : ajoutez un produit, un texte ou une section.
                    </td>
                  </tr>
                )}
                {lignes.map((l, i) => (
                  <LigneRow
                    key={l.key}
                    ligne={l}
                    index={i}
                    total={lineTotals[i] ?? null}
                    errors={errors}
                    catalogue={catalogue}
                    readOnly={readOnly}
                    withOptions={withOptions}
                    update={update}
                    remove={remove}
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
