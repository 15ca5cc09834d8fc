/*
 * Photos of a commande's step from a phone (issue 12): the camera opens at once (capture), several
 * photos may be chosen; each is sent on its own (a phone's photo weighs megabytes) and the refusal
 * of one (type, size) is said next to the button without losing the others.
 */
import { useRef, useState } from 'react'
import { http, HttpError } from '~/lib/http'
import { route } from '~/lib/route'
import type { Etape } from '#shared/commande_etapes'
import { PHOTO_MAX_BYTES } from '#shared/commande_etapes'

export type UploadedFichier = {
  id: number
  etape: Etape | null
  moment: 'avant' | 'apres' | null
  mesure_ligne_id: number | null
  nom: string
  legende: string | null
}

type Props = {
  commandeId: number
  etape: Etape | null
  moment?: 'avant' | 'apres'
  mesureLigneId?: number
  label?: string
  onUploaded?: (fichier: UploadedFichier) => void
}

function refusal(error: unknown): string {
  if (error instanceof HttpError && error.body && typeof error.body === 'object') {
    const errors = (error.body as { errors?: { message?: string }[] }).errors
    if (errors?.[0]?.message) return errors[0].message
  }
  if (error instanceof HttpError && error.status === 413) return 'La photo est trop lourde.'
  return 'La photo n’a pas pu être envoyée : vérifiez le réseau et réessayez.'
}

export default function PhotoUpload({
  commandeId,
  etape,
  moment,
  mesureLigneId,
  label = 'Ajouter des photos',
  onUploaded,
}: Props) {
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [errors, setErrors] = useState<string[]>([])

  async function send(files: FileList | null) {
    if (!files?.length) return
    const list = [...files]
    setErrors([])
    setProgress({ done: 0, total: list.length })
    const problems: string[] = []
    for (const [index, file] of list.entries()) {
      if (file.size > PHOTO_MAX_BYTES) {
        problems.push(`${file.name} : plus de ${PHOTO_MAX_BYTES / 1024 / 1024} Mo.`)
      } else {
        const body = new FormData()
        body.append('fichier', file)
        if (etape) body.append('etape', etape)
        if (moment) body.append('moment', moment)
        if (mesureLigneId) body.append('mesure_ligne_id', String(mesureLigneId))
        try {
          const answer = await http.post<{ fichier: UploadedFichier }>(
            route('esi.commandes.fichiers.store', { id: commandeId }),
            body
          )
          onUploaded?.(answer.fichier)
        } catch (error) {
          problems.push(`${file.name} : ${refusal(error)}`)
        }
      }
      setProgress({ done: index + 1, total: list.length })
    }
    setErrors(problems)
    setProgress(null)
    if (input.current) input.current.value = ''
  }

  const id = `photos-${commandeId}-${etape ?? 'commande'}-${moment ?? ''}-${mesureLigneId ?? ''}`
  return (
    <div className="photo-upload">
      <label className="btn btn-outline-primary btn-lg w-100" htmlFor={id}>
        <i className="bi bi-camera me-2" aria-hidden="true" />
        {progress ? `Envoi… ${progress.done} / ${progress.total}` : label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        multiple
        disabled={progress !== null}
        onChange={(event) => send(event.currentTarget.files)}
      />
      {errors.length > 0 && (
        <div className="invalid-feedback d-block" role="alert">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
    </div>
  )
}

/** Thumbnails of stored photos, each opening the full photo. */
export function PhotoThumbs({
  commandeId,
  fichiers,
}: {
  commandeId: number
  fichiers: { id: number; nom: string; legende: string | null }[]
}) {
  if (!fichiers.length) return null
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      {fichiers.map((f) => {
        const url = route('esi.commandes.fichiers.show', { id: commandeId, fichier: f.id })
        return (
          <a key={f.id} href={url} target="_blank" rel="noreferrer" title={f.legende ?? f.nom}>
            <img
              src={`${url}?vignette=1`}
              alt={f.legende ?? f.nom}
              width={96}
              height={96}
              className="rounded border object-fit-cover"
              loading="lazy"
            />
          </a>
        )
      })}
    </div>
  )
}
