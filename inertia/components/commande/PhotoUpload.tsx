/*
 * Photos of a commande's step from a phone (issue 12; issue 14 §4): the camera opens at once
 * (capture), or the phone's gallery; several photos may be chosen. They go in as few requests as
 * the server's caps allow (lotsEnvoi: 10 photos, 40 Mo a request) and the refusal of one (type,
 * size, content) is said next to the button without losing the others. HEIC is accepted (the
 * server converts it).
 */
import { useRef, useState } from 'react'
import { http, HttpError } from '~/lib/http'
import { route } from '~/lib/route'
import type { Etape } from '#shared/commande_etapes'
import { PHOTO_MAX_BYTES } from '#shared/commande_etapes'
import { lotsEnvoi } from '#shared/realisations'

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
  /** A caption and the publique flag given to every photo of the selection (the gallery's). */
  legende?: string
  publique?: boolean
  label?: string
  /** A second button opening the phone's gallery instead of the camera. */
  galleryButton?: boolean
  onUploaded?: (fichier: UploadedFichier) => void
}

function refusal(error: unknown): string {
  if (error instanceof HttpError && error.body && typeof error.body === 'object') {
    const errors = (error.body as { errors?: { message?: string }[] }).errors
    const messages = (errors ?? []).map((e) => e.message).filter(Boolean)
    if (messages.length) return messages.join(' ')
  }
  if (error instanceof HttpError && error.status === 413) return 'La photo est trop lourde.'
  return 'La photo n’a pas pu être envoyée : vérifiez le réseau et réessayez.'
}

export default function PhotoUpload({
  commandeId,
  etape,
  moment,
  mesureLigneId,
  legende,
  publique,
  label = 'Ajouter des photos',
  galleryButton = false,
  onUploaded,
}: Props) {
  const input = useRef<HTMLInputElement>(null)
  const gallery = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [errors, setErrors] = useState<string[]>([])

  async function send(files: FileList | null) {
    if (!files?.length) return
    const list = [...files]
    setErrors([])
    setProgress({ done: 0, total: list.length })
    const problems: string[] = []
    for (const file of list) {
      if (file.size > PHOTO_MAX_BYTES) {
        problems.push(`${file.name} : plus de ${PHOTO_MAX_BYTES / 1024 / 1024} Mo.`)
      }
    }
    let done = list.length - lotsEnvoi(list).flat().length
    setProgress({ done, total: list.length })
    for (const lot of lotsEnvoi(list)) {
      const body = new FormData()
      for (const file of lot) body.append('fichiers[]', file)
      if (etape) body.append('etape', etape)
      if (moment) body.append('moment', moment)
      if (mesureLigneId) body.append('mesure_ligne_id', String(mesureLigneId))
      if (legende?.trim()) body.append('legende', legende.trim())
      if (publique) body.append('publique', '1')
      try {
        const answer = await http.post<{
          fichiers: UploadedFichier[]
          refus: { nom: string; message: string }[]
        }>(route('esi.commandes.fichiers.store', { id: commandeId }), body)
        for (const fichier of answer.fichiers) onUploaded?.(fichier)
        for (const r of answer.refus) problems.push(`${r.nom} : ${r.message}`)
      } catch (error) {
        const message = refusal(error)
        // One photo: its reason as the server gave it; several: each named already
        problems.push(
          lot.length === 1 && !message.includes(' : ') ? `${lot[0].name} : ${message}` : message
        )
      }
      done += lot.length
      setProgress({ done, total: list.length })
    }
    setErrors(problems)
    setProgress(null)
    if (input.current) input.current.value = ''
    if (gallery.current) gallery.current.value = ''
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
        accept="image/*"
        capture="environment"
        multiple
        disabled={progress !== null}
        onChange={(event) => send(event.currentTarget.files)}
      />
      {galleryButton && (
        <>
          <label className="btn btn-link w-100" htmlFor={`${id}-galerie`}>
            <i className="bi bi-images me-2" aria-hidden="true" />
            Choisir dans la galerie du téléphone
          </label>
          <input
            ref={gallery}
            id={`${id}-galerie`}
            type="file"
            className="visually-hidden"
            accept="image/*"
            multiple
            disabled={progress !== null}
            onChange={(event) => send(event.currentTarget.files)}
          />
        </>
      )}
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
