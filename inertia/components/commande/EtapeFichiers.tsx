/*
 * The photos and documents of one step on the commande page (issue 12, decision 427): the
 * photos as thumbnails, the documents (PDFs the app made: sheet, PV, avenant) as links, and the
 * button adding photos to this step. The page reads every file of the commande in one query and
 * hands each card its own.
 */
import { router } from '@inertiajs/react'
import PhotoUpload, { PhotoThumbs } from './PhotoUpload.js'
import { route } from '../../lib/route.js'
import { formatDate } from '../../lib/format.js'
import type { Etape } from '@shared/commande_etapes'

export type CommandeFichierItem = {
  id: number
  etape: Etape | null
  kind: string
  nom: string
  legende: string | null
  created_at: string
}

export default function EtapeFichiers({
  commandeId,
  etape,
  fichiers,
  canUpload,
}: {
  commandeId: number
  etape: Etape
  fichiers: CommandeFichierItem[]
  canUpload: boolean
}) {
  const photos = fichiers.filter((f) => f.kind === 'photo')
  const documents = fichiers.filter((f) => f.kind === 'document')
  const testId = `etape-${etape}-fichiers`
  if (!fichiers.length && !canUpload) return null
  return (
    <div className="mt-2" data-testid={testId}>
      {documents.length > 0 && (
        <ul className="list-unstyled small mb-1">
          {documents.map((d) => (
            <li key={d.id} className="text-truncate">
              <a
                href={route('esi.commandes.fichiers.show', { id: commandeId, fichier: d.id })}
                target="_blank"
                rel="noreferrer"
                data-testid={`${testId}-document`}
              >
                <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                {d.legende ?? d.nom}
              </a>{' '}
              <span className="text-body-secondary">({formatDate(d.created_at)})</span>
            </li>
          ))}
        </ul>
      )}
      <PhotoThumbs commandeId={commandeId} fichiers={photos} />
      {canUpload && (
        <div className="mt-2" style={{ maxWidth: '22rem' }}>
          <PhotoUpload
            commandeId={commandeId}
            etape={etape}
            label="Ajouter des photos à cette étape"
            onUploaded={() => router.reload({ only: ['fichiers'] })}
          />
        </div>
      )}
    </div>
  )
}
