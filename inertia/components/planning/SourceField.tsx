/*
 * What a visit is for, in the PlanificationModal: the commande step or request it plans (fixed),
 * the commande to choose for a new mesurage or pose, or else a client.
 */
import ClientPicker from '../devis/ClientPicker.js'
import {
  NATURE_ETAPE,
  NATURE_LABELS,
  type AttenteItem,
  type PlanificationDto,
} from '@shared/planning'
import type { DevisClientOption } from '@shared/devis_editor'
import { fieldError } from './HorairesFields.js'
import type { Form } from './planification_form.js'

export type SourceFieldProps = {
  form: Form
  visite: PlanificationDto | null
  /** The waiting item the new visit plans. */
  item: AttenteItem | null
  creating: boolean
  lieDemande: boolean
  /** The commandes whose step of this nature waits. */
  etapeItems: AttenteItem[]
  errors: Record<string, string>
  onChooseItem: (cle: string) => void
  onClient: (client: DevisClientOption | null) => void
}

export default function SourceField({
  form,
  visite,
  item,
  creating,
  lieDemande,
  etapeItems,
  errors,
  onChooseItem,
  onClient,
}: SourceFieldProps) {
  return visite?.commande || item ? (
    <div>
      <span className="form-label d-block">
        {visite?.demandeId || item?.demandeId ? 'Demande' : 'Commande'}
      </span>
      <div className="border rounded p-2" data-testid="planif-source">
        <div className="fw-semibold">
          {item ? item.titre : `${visite!.commande!.numero} — ${visite!.client?.nom ?? ''}`}
        </div>
      </div>
      {fieldError(errors, 'commande_id')}
    </div>
  ) : creating && NATURE_ETAPE[form.nature] ? (
    <div>
      <label htmlFor="planif-etape" className="form-label">
        Commande à planifier
      </label>
      <select
        id="planif-etape"
        className={`form-select${errors.commande_id ? ' is-invalid' : ''}`}
        value={form.cle}
        onChange={(e) => onChooseItem(e.target.value)}
      >
        <option value="">—</option>
        {etapeItems.map((a) => (
          <option key={a.cle} value={a.cle}>
            {a.titre}
          </option>
        ))}
      </select>
      {etapeItems.length === 0 && (
        <div className="form-text">
          Aucune commande n’attend ce {NATURE_LABELS[form.nature].toLowerCase()}.
        </div>
      )}
      {fieldError(errors, 'commande_id')}
    </div>
  ) : lieDemande ? null : (
    <ClientPicker value={form.client} onChange={onClient} error={errors.client_id} />
  )
}
