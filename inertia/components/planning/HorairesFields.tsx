/*
 * The start and end of a visit (date and time, by quarter hours) with their messages, as the
 * PlanificationModal's grid cells.
 */
import type { Form } from './planification_form.js'

type Horaires = Pick<Form, 'dateDebut' | 'heureDebut' | 'dateFin' | 'heureFin'>

export type HorairesFieldsProps = {
  value: Horaires
  onChange: (key: keyof Horaires, value: string) => void
  errors: Record<string, string>
}

/** The props that tie a control to its message (the server's field names). */
export function field(errors: Record<string, string>, name: string) {
  return {
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  }
}

/** The message of a field, with the id its control points at. */
export function fieldError(errors: Record<string, string>, name: string) {
  return errors[name] ? (
    <div id={`${name}-error`} className="invalid-feedback d-block">
      {errors[name]}
    </div>
  ) : null
}

export default function HorairesFields({ value, onChange, errors }: HorairesFieldsProps) {
  return (
    <>
      <div className="col-6 col-md-3">
        <label htmlFor="planif-date-debut" className="form-label">
          Début
        </label>
        <input
          id="planif-date-debut"
          type="date"
          value={value.dateDebut}
          onChange={(e) => onChange('dateDebut', e.target.value)}
          {...field(errors, 'debut')}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="planif-heure-debut" className="form-label">
          Heure de début
        </label>
        <input
          id="planif-heure-debut"
          type="time"
          step={900}
          value={value.heureDebut}
          onChange={(e) => onChange('heureDebut', e.target.value)}
          {...field(errors, 'debut')}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="planif-date-fin" className="form-label">
          Fin
        </label>
        <input
          id="planif-date-fin"
          type="date"
          value={value.dateFin}
          onChange={(e) => onChange('dateFin', e.target.value)}
          {...field(errors, 'fin')}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="planif-heure-fin" className="form-label">
          Heure de fin
        </label>
        <input
          id="planif-heure-fin"
          type="time"
          step={900}
          value={value.heureFin}
          onChange={(e) => onChange('heureFin', e.target.value)}
          {...field(errors, 'fin')}
        />
      </div>
      {(errors.debut || errors.fin) && (
        <div className="col-12 mt-0">
          {fieldError(errors, 'debut')}
          {fieldError(errors, 'fin')}
        </div>
      )}
    </>
  )
}
