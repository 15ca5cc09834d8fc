/*
 * Live preview of a texte modèle with the sample data, through the same shared function the
 * server renders with. Plain text only (React escapes it; no injected markup): line breaks are
 * kept by CSS, filled placeholders are marked, unknown ones stay visible as typed.
 */
import { renderSegments, SAMPLE_CONTEXT, unknownPlaceholders } from '@shared/textes'

export type TextePreviewProps = {
  contenu: string
  id?: string
}

export default function TextePreview({ contenu, id }: TextePreviewProps) {
  const segments = renderSegments(contenu, SAMPLE_CONTEXT)
  const unknown = unknownPlaceholders(contenu)
  return (
    <div>
      <div
        id={id}
        className="border rounded p-3 bg-body-tertiary texte-preview"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minHeight: '8rem' }}
        aria-live="polite"
        data-testid="texte-preview"
      >
        {segments.length === 0 ? (
          <span className="text-body-secondary fst-italic">Le texte est vide.</span>
        ) : (
          segments.map((segment, i) =>
            segment.kind === 'text' ? (
              <span key={i}>{segment.text}</span>
            ) : segment.kind === 'value' ? (
              <mark key={i} className="px-0 bg-primary-subtle" title={`{{${segment.key}}}`}>
                {segment.text}
              </mark>
            ) : (
              <span
                key={i}
                className="text-danger fw-semibold"
                title="Champ inconnu : il restera tel quel"
              >
                {segment.text}
              </span>
            )
          )
        )}
      </div>
      {unknown.length > 0 && (
        <div className="form-text text-danger" role="status">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          {unknown.length > 1
            ? 'Champs inconnus, imprimés tels quels : '
            : 'Champ inconnu, imprimé tel quel : '}
          {unknown.map((k) => `{{${k}}}`).join(', ')}
        </div>
      )}
    </div>
  )
}
