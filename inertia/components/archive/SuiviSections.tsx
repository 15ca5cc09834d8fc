/* The follow-up of an archived commande: emails sent, photos and documents, steps and history. */
import { Empty, Section } from './Section.js'
import type { ArchiveShowProps } from './types.js'
import { HistoriqueList } from '../commande/EtapeCard.js'
import { PhotoThumbs } from '../commande/PhotoUpload.js'
import { route } from '../../lib/route.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import { ETAPE_LABELS, ETAPE_STATUT_LABELS } from '@shared/commande_etapes'

export function MailsSection({ mails }: { mails: ArchiveShowProps['mails'] }) {
  return (
    <Section id="mails" title="E-mails envoyés" count={mails.length}>
      {mails.length ? (
        <ul className="list-unstyled mb-0" data-testid="archive-mails">
          {mails.map((m) => (
            <li key={m.id} className="mb-1">
              <span className="text-body-secondary">{formatDateTime(m.le)}</span> · {m.quoi}
              {m.document && ` ${m.document}`}
              {m.destinataire && ` à ${m.destinataire}`}
              {m.par && <span className="text-body-secondary"> ({m.par})</span>}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>Aucun e-mail envoyé enregistré.</Empty>
      )}
    </Section>
  )
}

export function PhotosSection({
  commandeId,
  fichiers,
}: {
  commandeId: number
  fichiers: ArchiveShowProps['fichiers']
}) {
  const photos = fichiers.filter((f) => f.kind === 'photo')
  const documents = fichiers.filter((f) => f.kind === 'document')
  return (
    <Section id="photos" title="Photos et documents" count={fichiers.length}>
      {fichiers.length === 0 && <Empty>Aucune photo ni document.</Empty>}
      {documents.length > 0 && (
        <ul className="list-unstyled small mb-1">
          {documents.map((d) => (
            <li key={d.id} className="text-truncate">
              <a
                href={route('esi.commandes.fichiers.show', { id: commandeId, fichier: d.id })}
                target="_blank"
                rel="noreferrer"
              >
                <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                {d.legende ?? d.nom}
              </a>{' '}
              <span className="text-body-secondary">({formatDate(d.created_at)})</span>
            </li>
          ))}
        </ul>
      )}
      <div data-testid="archive-photos">
        <PhotoThumbs commandeId={commandeId} fichiers={photos} />
      </div>
    </Section>
  )
}

export function HistoriqueSection({ timeline }: { timeline: ArchiveShowProps['timeline'] }) {
  // Every event of the commande, its steps' included, the newest first
  const rows = [...timeline.historique, ...timeline.etapes.flatMap((e) => e.historique)].sort(
    (a, b) => (a.le < b.le ? 1 : a.le > b.le ? -1 : b.id - a.id)
  )
  return (
    <Section id="historique" title="Étapes et historique" count={rows.length}>
      <div className="table-responsive" tabIndex={0} role="region" aria-label="Tableau des étapes">
        <table className="table table-sm mb-3" data-testid="archive-etapes">
          <thead>
            <tr>
              <th scope="col">Étape</th>
              <th scope="col">Statut</th>
              <th scope="col">Début</th>
              <th scope="col">Fin</th>
              <th scope="col">Responsable</th>
            </tr>
          </thead>
          <tbody>
            {timeline.etapes.map((e) => (
              <tr key={e.etape}>
                <td>{ETAPE_LABELS[e.etape]}</td>
                <td>{ETAPE_STATUT_LABELS[e.statut]}</td>
                <td className="text-nowrap">{e.debut_reel && formatDate(e.debut_reel)}</td>
                <td className="text-nowrap">{e.fin_reelle && formatDate(e.fin_reelle)}</td>
                <td>{e.responsable ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div data-testid="archive-historique">
        <HistoriqueList rows={rows} />
      </div>
    </Section>
  )
}
