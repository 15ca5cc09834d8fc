import { Link } from '@inertiajs/react'
import { DEVIS_STATUT_POUR_PARTENAIRE } from '@shared/dashboard'
import { route } from '../../lib/route.js'
import { formatDate } from '../../lib/format.js'
import { formatEuros } from '@shared/totals'
import {
  DEVIS_STATUT_LABELS,
  DEVIS_STATUT_VARIANTS,
  OFFRE_STATUT_LABELS,
  OFFRE_STATUT_VARIANTS,
} from '@shared/devis'
import type { OffreSuivi } from '@shared/dashboard'

/**
 * Offres and what each became (issue 14 §2): its statut, the devis esi made of it and whether
 * the bdc is signed. Staff (esi/Pro) get links to the devis and the bdc; a pro to his offre.
 */
export default function OffresSuiviTable({
  offres,
  staff,
  caption,
}: {
  offres: OffreSuivi[]
  staff: boolean
  caption: string
}) {
  if (offres.length === 0) {
    return <p className="text-body-secondary mb-3">Aucune offre pour le moment.</p>
  }
  return (
    <div className="table-responsive">
      <table className="table table-sm table-vcenter">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Offre</th>
            <th scope="col">Statut</th>
            <th scope="col">Transmise le</th>
            <th scope="col">Devis</th>
            <th scope="col">Bon de commande</th>
            <th scope="col" className="text-end">
              Total TTC
            </th>
          </tr>
        </thead>
        <tbody>
          {offres.map((o) => (
            <tr key={o.id} data-testid={`offre-suivi-${o.id}`}>
              <td>
                {staff ? (
                  <span className="fw-semibold">{o.numero ?? 'Brouillon'}</span>
                ) : (
                  <Link
                    href={route('partner.offres.preview', { id: o.id })}
                    className="fw-semibold"
                  >
                    {o.numero ?? 'Brouillon'}
                  </Link>
                )}
                <div className="small text-body-secondary text-truncate" style={{ maxWidth: 240 }}>
                  {o.objet}
                </div>
              </td>
              <td>
                <span className={`badge text-bg-${OFFRE_STATUT_VARIANTS[o.statut]}`}>
                  {OFFRE_STATUT_LABELS[o.statut]}
                </span>
              </td>
              <td className="text-nowrap">{o.transmise_le ? formatDate(o.transmise_le) : '—'}</td>
              <td className="text-nowrap">
                {o.devis_statut ? (
                  <>
                    {staff && o.devis_id ? (
                      <Link href={route('esi.devis.edit', { id: o.devis_id })}>
                        {o.devis_numero ?? 'Devis'}
                      </Link>
                    ) : (
                      (o.devis_numero ?? 'Devis')
                    )}{' '}
                    <span className={`badge text-bg-${DEVIS_STATUT_VARIANTS[o.devis_statut]}`}>
                      {staff
                        ? DEVIS_STATUT_LABELS[o.devis_statut]
                        : DEVIS_STATUT_POUR_PARTENAIRE[o.devis_statut]}
                    </span>
                  </>
                ) : (
                  <span className="text-body-secondary">—</span>
                )}
              </td>
              <td className="text-nowrap">
                {o.bdc_numero ? (
                  <>
                    {staff && o.bdc_id ? (
                      <Link href={route('esi.bdc.show', { id: o.bdc_id })}>{o.bdc_numero}</Link>
                    ) : (
                      o.bdc_numero
                    )}{' '}
                    {o.bdc_signe ? (
                      <span className="badge text-bg-success">Signé</span>
                    ) : (
                      <span className="badge text-bg-secondary">Non signé</span>
                    )}
                  </>
                ) : (
                  <span className="text-body-secondary">—</span>
                )}
              </td>
              <td className="text-end text-nowrap">{formatEuros(o.total_ttc)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
