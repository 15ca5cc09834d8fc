/*
 * The travel time required between two visits of one person (admin droit; read-only otherwise).
 */
import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import Block from '../../ui/Block.js'
import { route } from '../../../lib/route.js'
import type { Errors } from './types.js'

export default function Trajet({
  minutes,
  max,
  canManage,
}: {
  minutes: number
  max: number
  canManage: boolean
}) {
  const [value, setValue] = useState(String(minutes))
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    router.put(
      route('esi.planning.trajet'),
      { minutes: Number(value) },
      {
        preserveScroll: true,
        onError: setErrors,
        onSuccess: () => setErrors({}),
        onFinish: () => setBusy(false),
      }
    )
  }
  return (
    <Block title="Temps de trajet entre deux visites">
      <form onSubmit={submit} className="row g-2 align-items-end" data-testid="trajet-form">
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="trajet-minutes">
            Minutes exigées entre deux visites d’une même personne
          </label>
          <div className="input-group">
            <input
              id="trajet-minutes"
              type="number"
              min={0}
              max={max}
              step={5}
              className={`form-control${errors.minutes ? ' is-invalid' : ''}`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              disabled={!canManage}
              aria-describedby="trajet-aide"
            />
            <span className="input-group-text">min</span>
            {errors.minutes && <div className="invalid-feedback">{errors.minutes}</div>}
          </div>
        </div>
        {canManage && (
          <div className="col-auto">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Enregistrer
            </button>
          </div>
        )}
        <p id="trajet-aide" className="small text-body-secondary mb-0">
          De 0 à {max} minutes. Une visite créée ou déplacée est refusée si elle ne laisse pas ce
          temps avant ou après une autre visite de la même personne.
        </p>
      </form>
    </Block>
  )
}
