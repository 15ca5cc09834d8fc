/* The work of an archived commande: its measurement sheet, supplier orders and réception (PV). */
import { Empty, PdfLink, Row, Section } from './Section.js'
import type { ArchiveShowProps } from './types.js'
import AvenantResume from '../commande/AvenantResume.js'
import { route } from '../../lib/route.js'
import { formatDate, formatDateTime } from '../../lib/format.js'
import { SENS_OUVERTURE_LABELS, type SensOuverture } from '@shared/mesurage'
import { CF_STATUT_BADGES, CF_STATUT_LABELS, formatQuantite } from '@shared/commandes_fournisseur'
import { formatEuros } from '@shared/totals'

const mm = (n: number | null) => (n === null ? '—' : `${n}`)

export function MesureSection({
  commandeId,
  mesure,
  avenant,
}: {
  commandeId: number
  mesure: ArchiveShowProps['mesure']
  avenant: ArchiveShowProps['avenant']
}) {
  return (
    <Section id="mesurage" title="Fiche de mesurage" count={mesure?.lignes.length}>
      {mesure ? (
        <>
          <dl className="row mb-2">
            <Row label="Statut">{mesure.statut === 'validee' ? 'Validée' : 'Brouillon'}</Row>
            <Row label="Validée le">
              {mesure.validee_le && formatDateTime(mesure.validee_le)}
              {mesure.validee_par && ` par ${mesure.validee_par}`}
            </Row>
            <Row label="Remarques">{mesure.remarques}</Row>
            <Row label="Document">
              <PdfLink href={route('esi.mesurage.pdf', { id: commandeId })}>Fiche PDF</PdfLink>
            </Row>
          </dl>
          <div className="table-responsive" tabIndex={0} role="region" aria-label="Lignes mesurées">
            <table className="table table-sm mb-2" data-testid="archive-mesure-lignes">
              <thead>
                <tr>
                  <th scope="col">Repère</th>
                  <th scope="col">Désignation</th>
                  <th scope="col" className="text-end text-nowrap">
                    L × H (mm)
                  </th>
                  <th scope="col">Ouverture</th>
                  <th scope="col" className="text-end">
                    Qté
                  </th>
                </tr>
              </thead>
              <tbody>
                {mesure.lignes.map((l) => (
                  <tr key={l.client_uuid}>
                    <td>{l.repere || '—'}</td>
                    <td>{l.designation}</td>
                    <td className="text-end text-nowrap">
                      {mm(l.largeur_mm)} × {mm(l.hauteur_mm)}
                    </td>
                    <td>
                      {l.sens_ouverture
                        ? (SENS_OUVERTURE_LABELS[l.sens_ouverture as SensOuverture] ??
                          l.sens_ouverture)
                        : '—'}
                    </td>
                    <td className="text-end">{l.quantite}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AvenantResume summary={avenant} />
        </>
      ) : (
        <Empty>Aucune fiche de mesurage.</Empty>
      )}
    </Section>
  )
}

export function FournisseursSection({ cfs }: { cfs: ArchiveShowProps['commandes_fournisseur'] }) {
  return (
    <Section id="fournisseurs" title="Commandes fournisseur" count={cfs.length}>
      {cfs.length ? (
        cfs.map((cf) => (
          <div key={cf.id} className="border rounded p-2 mb-2" data-testid="archive-cf">
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <strong>{cf.numero ?? 'Brouillon'}</strong>
              <span>{cf.fournisseur_nom}</span>
              <span className={`badge text-bg-${CF_STATUT_BADGES[cf.statut]}`}>
                {CF_STATUT_LABELS[cf.statut]}
              </span>
              <span className="ms-auto text-nowrap">{formatEuros(cf.total_ht)} HT</span>
            </div>
            <div className="small text-body-secondary">
              {cf.envoyee_le && `Envoyée le ${formatDate(cf.envoyee_le)}`}
              {cf.date_livraison_confirmee &&
                ` · livraison confirmée au ${formatDate(cf.date_livraison_confirmee)}`}
              {cf.numero && (
                <>
                  {' · '}
                  <PdfLink href={route('esi.commandes_fournisseur.pdf', { id: cf.id })}>
                    PDF
                  </PdfLink>
                </>
              )}
            </div>
            <ul className="small mb-0 mt-1">
              {cf.lignes.map((l) => (
                <li key={l.id}>
                  {l.designation} — reçu {formatQuantite(l.quantite_recue)} sur{' '}
                  {formatQuantite(l.quantite)}
                </li>
              ))}
            </ul>
            {cf.livraisons.length > 0 && (
              <p className="small mb-0 mt-1">
                Livraisons :{' '}
                {cf.livraisons
                  .map(
                    (l) =>
                      `${formatDate(l.date_livraison)}${l.bon_livraison ? ` (BL ${l.bon_livraison})` : ''}${l.recue_par ? `, reçue par ${l.recue_par}` : ''}`
                  )
                  .join(' ; ')}
              </p>
            )}
          </div>
        ))
      ) : (
        <Empty>Aucune commande fournisseur.</Empty>
      )}
    </Section>
  )
}

export function ReceptionSection({ reception }: { reception: ArchiveShowProps['reception'] }) {
  return (
    <Section id="reception" title="Réception (procès-verbal)">
      {reception ? (
        <>
          <dl className="row mb-2">
            <Row label="Date">{formatDate(reception.date_reception)}</Row>
            <Row label="Signé par">
              {reception.signataire}
              {reception.lieu && ` à ${reception.lieu}`}
            </Row>
            <Row label="Technicien">{reception.technicien}</Row>
            <Row label="Observations">{reception.observations}</Row>
            <Row label="Réserves">
              {reception.avec_reserves
                ? `${reception.reserves.length} (${reception.reserves_ouvertes} ouverte(s))`
                : 'Sans réserve'}
            </Row>
            <Row label="Document">
              {reception.pdf_url && <PdfLink href={reception.pdf_url}>PV PDF</PdfLink>}
            </Row>
          </dl>
          {reception.reserves.length > 0 && (
            <ul className="small mb-0">
              {reception.reserves.map((r) => (
                <li key={r.id}>
                  {r.description}
                  {r.levee_le
                    ? ` — levée le ${formatDate(r.levee_le)}${r.levee_par ? ` par ${r.levee_par}` : ''}`
                    : ' — ouverte'}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <Empty>Aucun procès-verbal de réception.</Empty>
      )}
    </Section>
  )
}
