/*
 * The one layout of the document editors (devis and offre): the sticky conflict alert, the
 * summary of refused fields, the header fields, the lines with their live totals, the texts, the
 * totals and the sticky save bar. Each editor declares only its own fields.
 */
import type { ReactNode } from 'react'
import Block from '../ui/Block.js'
import LignesTable from '../lignes/LignesTable.js'
import TotalsPanel from '../lignes/TotalsPanel.js'
import type { Catalogue } from '../lignes/catalogue.js'
import { errorSummary, INVALID_FIELDS_TEXT } from './save_errors.js'
import EditorTextArea from './EditorTextArea.js'
import type { DocumentEditor, EditorForm, StringKey } from './use_document_editor.js'
import { formatTime } from '@shared/dates'

/** The introduction and the conditions of the document, each with its options. */
export type TextsOptions = {
  rows?: { intro: number; conditions: number }
  maxLength?: number
  /** Beside a text's label (e.g. « Insérer un texte modèle »). */
  aside?: (key: 'intro' | 'conditions') => ReactNode
}

export type DocumentEditorLayoutProps<T extends EditorForm> = {
  editor: DocumentEditor<T>
  /** The form's accessible name (« Devis », « Offre »). */
  label: string
  id?: string
  /** Shown above the header (e.g. « Modifier ce devis en crée une nouvelle version »). */
  notice?: ReactNode
  header: ReactNode
  /** Where the designation cells search products. */
  catalogue: Catalogue
  /** false: the document has no texts (a facture), the totals stand alone on the right. */
  texts?: TextsOptions | false
  /** Inputs shown above the totals (a devis: remise and acompte). */
  totalsFields?: ReactNode
  /** A note under the totals (an offre: its partner price). */
  totalsNote?: ReactNode
  /** Accessible name of the totals table. */
  totalsLabel: string
  /** A devis: the acompte % as typed (its line shows). */
  acomptePct?: string
  /** A devis: a produit line may be marked « option » (issue 14 §1). */
  withOptions?: boolean
  /** « Le devis n’est pas enregistré : » */
  notSavedTitle: string
  submitLabel: string
  submitTestId?: string
}

function ConflictAlert({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <div
      className="alert alert-danger sticky-top d-flex flex-wrap align-items-center gap-3 shadow-sm"
      role="alert"
      style={{ top: '4.5rem', zIndex: 1020 }}
      data-testid="editor-conflict"
    >
      <i className="bi bi-exclamation-octagon fs-4" aria-hidden="true" />
      <div className="flex-grow-1">
        <strong className="d-block">Conflit de version</strong>
        {message}
      </div>
      <button type="button" className="btn btn-danger" onClick={onReload}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        Recharger la dernière version
      </button>
    </div>
  )
}

function ErrorSummary({
  errors,
  labels,
  title,
}: {
  errors: Record<string, string>
  labels: Record<string, string>
  title: string
}) {
  const { fields, cells } = errorSummary(errors, labels)
  if (fields.length === 0 && cells === 0) return null
  return (
    <div className="alert alert-danger" role="alert" data-testid="editor-errors">
      <p className="fw-semibold mb-1">{title}</p>
      <ul className="mb-0">
        {fields.map((f) => (
          <li key={f.field}>
            {f.label} : {f.message}
          </li>
        ))}
        {cells > 0 && (
          <li>
            {cells === 1
              ? '1 cellule des lignes est à corriger.'
              : `${cells} cellules des lignes sont à corriger.`}
          </li>
        )}
      </ul>
    </div>
  )
}

export default function DocumentEditorLayout<T extends EditorForm>({
  editor,
  label,
  id,
  notice,
  header,
  catalogue,
  texts = {},
  totalsFields,
  totalsNote,
  totalsLabel,
  acomptePct,
  withOptions,
  notSavedTitle,
  submitLabel,
  submitTestId,
}: DocumentEditorLayoutProps<T>) {
  const { data, errors, live, readOnly } = editor
  const status = editor.dirty
    ? 'Modifications non enregistrées'
    : editor.savedAt
      ? `Enregistré à ${formatTime(editor.savedAt)}`
      : editor.isCreate
        ? ''
        : 'Tout est enregistré'

  return (
    <form onSubmit={editor.submit} noValidate aria-label={label} id={id}>
      {editor.conflict && <ConflictAlert message={editor.conflict} onReload={editor.reload} />}
      <ErrorSummary errors={editor.serverErrors} labels={editor.labels} title={notSavedTitle} />
      {notice}

      <Block title="En-tête">{header}</Block>

      <Block
        title="Lignes"
        options={<span className="small text-body-secondary">{data.lignes.length} ligne(s)</span>}
      >
        {errors.lignes && <div className="alert alert-danger py-2">{errors.lignes}</div>}
        <LignesTable
          lignes={data.lignes}
          onChange={(lignes) => editor.update((d) => ({ ...d, lignes }))}
          lineTotals={live.totals.lignes.map((l) => l.total_ht)}
          errors={errors}
          catalogue={catalogue}
          readOnly={readOnly}
          withOptions={withOptions}
        />
      </Block>

      <div className="row">
        {texts === false ? (
          <div className="col-lg-7" />
        ) : (
          <div className="col-lg-7">
            <Block title="Textes">
              {(['intro', 'conditions'] as const).map((key) => (
                <EditorTextArea
                  key={key}
                  {...editor.field(key as StringKey<T>)}
                  rows={texts.rows?.[key] ?? 5}
                  maxLength={texts.maxLength}
                  aside={texts.aside?.(key)}
                />
              ))}
            </Block>
          </div>
        )}
        <div className="col-lg-5">
          <Block title="Totaux">
            {totalsFields}
            <TotalsPanel totals={live.totals} label={totalsLabel} acomptePct={acomptePct} />
            {totalsNote}
          </Block>
        </div>
      </div>

      {!readOnly && (
        <div
          className="position-sticky bottom-0 bg-body border-top py-2 px-3 d-flex flex-wrap align-items-center gap-3 shadow-sm"
          style={{ zIndex: 1010 }}
          data-testid="editor-savebar"
        >
          <button
            type="submit"
            className="btn btn-primary"
            disabled={editor.processing}
            aria-busy={editor.processing || undefined}
            data-testid={submitTestId}
          >
            {editor.processing ? (
              <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            ) : (
              <i className="bi bi-floppy me-1" aria-hidden="true" />
            )}
            {submitLabel}
          </button>
          <span className="small text-body-secondary" role="status" aria-live="polite">
            {status}
          </span>
          {Object.keys(editor.serverErrors).length > 0 && (
            <span className="small text-danger">{INVALID_FIELDS_TEXT}</span>
          )}
        </div>
      )}
    </form>
  )
}
