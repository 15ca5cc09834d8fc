import { Link } from '@inertiajs/react'
import Block from '../ui/Block.js'
import OffresSuiviTable from './OffresSuiviTable.js'
import { route } from '../../lib/route.js'
import { OFFRE_STATUT_LABELS, OFFRE_STATUT_VARIANTS } from '@shared/devis'
import { DEVIS_STATUT_POUR_PARTENAIRE, type ProFigures as Figures } from '@shared/dashboard'

/** A pro's dashboard (issue 14 §2): his sociétés' offres by statut and what became of them. */
export default function ProFigures({ figures }: { figures: Figures }) {
  const transmises = figures.transmises.reduce((sum, t) => sum + t.nombre, 0)
  return (
    <section aria-labelledby="pro-figures" className="mb-4">
      <h2 id="pro-figures" className="h4 fw-bold mb-3">
        Mes offres
      </h2>
      <div className="row g-3 mb-4">
        {figures.par_statut.map((s) => (
          <div className="col-6 col-md-4 col-xl" key={s.statut}>
            <Link
              href={route('partner.offres.index', {}, { 'filter[statut]': s.statut })}
              className="d-block text-reset block block-rounded h-100 mb-0 p-3"
              data-testid={`pro-offres-${s.statut}`}
            >
              <div className="small text-uppercase text-body-secondary fw-semibold mb-1">
                <span className={`badge text-bg-${OFFRE_STATUT_VARIANTS[s.statut]} me-1`}>
                  &nbsp;
                </span>
                {OFFRE_STATUT_LABELS[s.statut]}
              </div>
              <div className="fs-3 fw-bold text-body-emphasis">{s.nombre}</div>
            </Link>
          </div>
        ))}
      </div>
      <Block title={`Ce que sont devenues mes offres transmises (${transmises})`}>
        {figures.transmises.length === 0 ? (
          <p className="text-body-secondary">Aucune offre transmise à ESI pour le moment.</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm" data-testid="pro-transmises">
              <caption className="visually-hidden">Offres transmises par statut du devis</caption>
              <thead>
                <tr>
                  <th scope="col">Devis d’ESI</th>
                  <th scope="col" className="text-end">
                    Offres
                  </th>
                  <th scope="col" className="text-end">
                    Bon de commande signé
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.transmises.map((t) => (
                  <tr
                    key={t.devis_statut ?? 'aucun'}
                    data-testid={`pro-devis-${t.devis_statut ?? 'aucun'}`}
                  >
                    <td>
                      {t.devis_statut
                        ? DEVIS_STATUT_POUR_PARTENAIRE[t.devis_statut]
                        : 'Pas encore de devis'}
                    </td>
                    <td className="text-end">{t.nombre}</td>
                    <td className="text-end">{t.signees}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3 className="h6 fw-bold mt-3">Dernières offres transmises</h3>
        <OffresSuiviTable
          offres={figures.recentes}
          staff={false}
          caption="Dernières offres transmises et leur devis"
        />
      </Block>
    </section>
  )
}
