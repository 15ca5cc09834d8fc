/*
 * The lines of an offre: produit (from the catalogue or free), texte, section and sous-total,
 * reordered by dragging the handle (or with the keyboard: space, arrows, space), each cell with
 * its French error from the server (`lignes.3.quantite`).
 */
import type { ReactNode } from 'react'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
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
import { formatEuros, LIGNE_TYPE_LABELS, type Totals } from '@shared/totals'
import { TAUX_TVA, UNITES, UNITE_LABELS, type Unite } from '@shared/produits'
import type { EditorLigne } from './editor_state.js'

export interface LignesEditorProps {
  lignes: EditorLigne[]
  totals: Totals
  errors: Record<string, string>
  readOnly?: boolean
  onChange: (lignes: EditorLigne[]) => void
}

function Cell({
  error,
  children,
  className,
}: {
  error?: string
  children: ReactNode
  className?: string
}) {
  return (
    <td className={className}>
      {children}
      {error && <div className="invalid-feedback d-block small">{error}</div>}
    </td>
  )
}

function Row({
  ligne,
  index,
  total,
  errors,
  readOnly,
  update,
  remove,
}: {
  ligne: EditorLigne
  index: number
  total: number | null
  errors: Record<string, string>
  readOnly: boolean
  update: (patch: Partial<EditorLigne>) => void
  remove: () => void
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: ligne.key,
    disabled: readOnly,
  })
  const style = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
    position: 'relative' as const,
    zIndex: isDragging ? 2 : undefined,
  }
  const err = (field: string) => errors[`lignes.${index}.${field}`]
  const invalid = (field: string) => (err(field) ? 'is-invalid' : '')
  const label = (field: string) => `Ligne ${index + 1} : ${field}`

  const handle = (
    <td className="text-center align-top pt-2" style={{ width: 36 }}>
      {!readOnly && (
        <button
          type="button"
          className="btn btn-sm btn-link text-body-secondary p-0"
          aria-label={`Déplacer la ligne ${index + 1}`}
          title="Glisser pour déplacer"
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <i className="bi bi-grip-vertical fs-5" aria-hidden="true" />
        </button>
      )}
    </td>
  )
  const removeCell = (
    <td className="text-end align-top" style={{ width: 44 }}>
      {!readOnly && (
        <button
          type="button"
          className="btn btn-sm btn-alt-danger"
          aria-label={`Supprimer la ligne ${index + 1}`}
          title="Supprimer la ligne"
          onClick={remove}
        >
          <i className="bi bi-trash" aria-hidden="true" />
        </button>
      )}
    </td>
  )

  if (ligne.type === 'produit') {
    return (
      <tr ref={setNodeRef} style={style} data-ligne-type="produit" className="offre-ligne">
        {handle}
        <Cell error={err('designation') ?? err('produit_id')}>
          <textarea
            className={`form-control form-control-sm ${invalid('designation')}`}
            rows={Math.min(4, Math.max(1, ligne.designation.split('\n').length))}
            aria-label={label('désignation')}
            name={`lignes.${index}.designation`}
            value={ligne.designation}
            readOnly={readOnly}
            onChange={(e) => update({ designation: e.target.value })}
          />
          {ligne.produit_id && (
            <span className="badge bg-body-secondary text-body-secondary fw-normal mt-1">
              Catalogue
            </span>
          )}
        </Cell>
        <Cell error={err('quantite')} className="text-end">
          <input
            className={`form-control form-control-sm text-end ${invalid('quantite')}`}
            inputMode="decimal"
            aria-label={label('quantité')}
            name={`lignes.${index}.quantite`}
            value={ligne.quantite}
            readOnly={readOnly}
            onChange={(e) => update({ quantite: e.target.value })}
          />
        </Cell>
        <Cell error={err('unite')}>
          <select
            className={`form-select form-select-sm ${invalid('unite')}`}
            aria-label={label('unité')}
            value={ligne.unite ?? 'piece'}
            disabled={readOnly}
            onChange={(e) => update({ unite: e.target.value })}
          >
            {UNITES.map((u) => (
              <option key={u} value={u}>
                {UNITE_LABELS[u as Unite]}
              </option>
            ))}
          </select>
        </Cell>
        <Cell error={err('prix_unitaire_ht')} className="text-end">
          <input
            className={`form-control form-control-sm text-end ${invalid('prix_unitaire_ht')}`}
            inputMode="decimal"
            aria-label={label('prix unitaire HT')}
            name={`lignes.${index}.prix_unitaire_ht`}
            value={ligne.prix_unitaire_ht}
            readOnly={readOnly}
            onChange={(e) => update({ prix_unitaire_ht: e.target.value })}
          />
        </Cell>
        <Cell error={err('remise_pct')} className="text-end">
          <input
            className={`form-control form-control-sm text-end ${invalid('remise_pct')}`}
            inputMode="decimal"
            aria-label={label('remise %')}
            name={`lignes.${index}.remise_pct`}
            value={ligne.remise_pct}
            readOnly={readOnly}
            onChange={(e) => update({ remise_pct: e.target.value })}
          />
        </Cell>
        <Cell error={err('taux_tva')}>
          <select
            className={`form-select form-select-sm ${invalid('taux_tva')}`}
            aria-label={label('TVA')}
            value={ligne.taux_tva ?? ''}
            disabled={readOnly}
            onChange={(e) =>
              update({ taux_tva: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            <option value="">—</option>
            {TAUX_TVA.map((t) => (
              <option key={t} value={t}>
                {t} %
              </option>
            ))}
          </select>
        </Cell>
        <td className="text-end text-nowrap align-top pt-2 fw-semibold" data-ligne-total>
          {total === null ? '' : formatEuros(total)}
        </td>
        {removeCell}
      </tr>
    )
  }

  if (ligne.type === 'sous_total') {
    return (
      <tr ref={setNodeRef} style={style} data-ligne-type="sous_total" className="table-light">
        {handle}
        <td colSpan={6} className="fw-semibold text-end align-middle">
          Sous-total
        </td>
        <td className="text-end text-nowrap fw-semibold align-middle">
          {total === null ? '' : formatEuros(total)}
        </td>
        {removeCell}
      </tr>
    )
  }

  return (
    <tr
      ref={setNodeRef}
      style={style}
      data-ligne-type={ligne.type}
      className={ligne.type === 'section' ? 'table-active' : ''}
    >
      {handle}
      <Cell error={err('designation')} className="">
        {ligne.type === 'section' ? (
          <input
            className={`form-control form-control-sm fw-semibold ${invalid('designation')}`}
            aria-label={label('titre de section')}
            placeholder="Titre de la section"
            value={ligne.designation}
            readOnly={readOnly}
            onChange={(e) => update({ designation: e.target.value })}
          />
        ) : (
          <textarea
            className={`form-control form-control-sm ${invalid('designation')}`}
            aria-label={label('texte')}
            placeholder="Texte libre"
            rows={2}
            value={ligne.designation}
            readOnly={readOnly}
            onChange={(e) => update({ designation: e.target.value })}
          />
        )}
      </Cell>
      <td colSpan={6} className="small text-body-secondary align-middle">
        {LIGNE_TYPE_LABELS[ligne.type]}
      </td>
      {removeCell}
    </tr>
  )
}

export default function LignesEditor({
  lignes,
  totals,
  errors,
  readOnly = false,
  onChange,
}: LignesEditorProps) {
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

  return (
    <div className="table-responsive">
      <table className="table table-vcenter align-top mb-0" id="offre-lignes">
        <thead>
          <tr className="small text-uppercase text-body-secondary">
            <th scope="col">
              <span className="visually-hidden">Ordre</span>
            </th>
            <th scope="col" style={{ minWidth: 240 }}>
              Désignation
            </th>
            <th scope="col" className="text-end" style={{ width: 90 }}>
              Qté
            </th>
            <th scope="col" style={{ width: 110 }}>
              Unité
            </th>
            <th scope="col" className="text-end" style={{ width: 120 }}>
              P.U. HT
            </th>
            <th scope="col" className="text-end" style={{ width: 80 }}>
              Rem. %
            </th>
            <th scope="col" style={{ width: 90 }}>
              TVA
            </th>
            <th scope="col" className="text-end" style={{ width: 120 }}>
              Total HT
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={lignes.map((l) => l.key)} strategy={verticalListSortingStrategy}>
            <tbody>
              {lignes.length === 0 && (
                <tr>
                  <td colSpan={9} className="text-center text-body-secondary py-4">
                    Aucune ligne : ajoutez un produit du catalogue ou une ligne libre.
                  </td>
                </tr>
              )}
              {lignes.map((ligne, index) => (
                <Row
                  key={ligne.key}
                  ligne={ligne}
                  index={index}
                  total={totals.lignes[index]?.total_ht ?? null}
                  errors={errors}
                  readOnly={readOnly}
                  update={(patch) =>
                    onChange(lignes.map((l, i) => (i === index ? { ...l, ...patch } : l)))
                  }
                  remove={() => onChange(lignes.filter((_, i) => i !== index))}
                />
              ))}
            </tbody>
          </SortableContext>
        </DndContext>
      </table>
    </div>
  )
}
