import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import { Row, Section } from '../../../components/archive/Section.js'
import { BdcSection, DevisSection } from '../../../components/archive/DocumentsSections.js'
import {
  FournisseursSection,
  MesureSection,
  ReceptionSection,
} from '../../../components/archive/ChantierSections.js'
import {
  FacturesSection,
  NotesCreditSection,
  PaiementsSection,
} from '../../../components/archive/ComptaSections.js'
import {
  HistoriqueSection,
  MailsSection,
  PhotosSection,
} from '../../../components/archive/SuiviSections.js'
import type { ArchiveShowProps } from '../../../components/archive/types.js'
import { route } from '../../../lib/route.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import { COMMANDE_STATUT_VARIANTS } from '@shared/bdc'
import { COMMANDE_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'

export type { ArchiveShowProps }

const SOMMAIRE = [
  ['resume', 'Commande'],
  ['devis', 'Devis'],
  ['bdc', 'Bon de commande'],
  ['mesurage', 'Mesurage'],
  ['fournisseurs', 'Fournisseurs'],
  ['reception', 'Réception'],
  ['factures', 'Factures'],
  ['notes-credit', 'Notes de crédit'],
  ['paiements', 'Paiements'],
  ['mails', 'E-mails'],
  ['photos', 'Photos'],
  ['historique', 'Historique'],
] as const

/**
 * esi/archive Show (issue 14 §4): the whole file of a finished or cancelled commande, read only —
 * no form, no button that changes anything; its documents open as PDFs. One section per part,
 * each a disclosure reached from the table of contents.
 */
export default function ArchiveShow(props: ArchiveShowProps) {
  const { commande, timeline, bdc } = props
  const annulee = commande.statut === 'annulee'
  return (
    <>
      <Head title={`Archive — commande ${commande.numero}`} />
      <PageHeader
        title={`Commande ${commande.numero}`}
        subtitle={
          <>
            {commande.client.nom} — {commande.objet}{' '}
            <span className={`badge text-bg-${COMMANDE_STATUT_VARIANTS[commande.statut]}`}>
              {COMMANDE_STATUT_LABELS[commande.statut]}
            </span>
          </>
        }
        breadcrumb={[{ label: 'Archive', href: route('esi.archive') }, { label: commande.numero }]}
        actions={
          <Link href={route('esi.archive')} className="btn btn-alt-secondary">
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            Archive
          </Link>
        }
      />
      <div className="content">
        <div
          className="alert alert-secondary d-flex gap-2"
          role="note"
          data-testid="archive-lecture"
        >
          <i className="bi bi-lock" aria-hidden="true" />
          <span>
            Dossier archivé, en lecture seule
            {props.fin_le &&
              ` : commande ${annulee ? 'annulée' : 'terminée'} le ${formatDate(props.fin_le)}`}
            {annulee && timeline.motif_annulation && ` (motif : ${timeline.motif_annulation})`}.
          </span>
        </div>
        <nav aria-label="Sommaire du dossier" className="mb-3">
          <ul className="nav nav-pills small flex-wrap gap-1">
            {SOMMAIRE.map(([id, label]) => (
              <li key={id} className="nav-item">
                <a className="nav-link py-1 px-2 border" href={`#${id}`}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Section id="resume" title="Commande">
          <dl className="row mb-0">
            <Row label="Numéro">{commande.numero}</Row>
            <Row label="Client">
              <Link href={route('esi.customers.show', { id: commande.client.id })}>
                {commande.client.nom}
              </Link>
            </Row>
            <Row label="Chantier">{bdc.adresse_chantier}</Row>
            <Row label="Objet">{commande.objet}</Row>
            <Row label="Total TTC">{formatEuros(commande.total_ttc)}</Row>
            <Row label="Chef de projet">{commande.chef_projet}</Row>
            <Row label="Commercial">{bdc.commercial}</Row>
            <Row label="Créée le">{formatDateTime(commande.created_at)}</Row>
            <Row label={annulee ? 'Annulée le' : 'Terminée le'}>
              {props.fin_le && formatDateTime(props.fin_le)}
            </Row>
          </dl>
        </Section>
        <DevisSection devis={props.devis} />
        <BdcSection bdc={bdc} />
        <MesureSection commandeId={commande.id} mesure={props.mesure} avenant={props.avenant} />
        <FournisseursSection cfs={props.commandes_fournisseur} />
        <ReceptionSection reception={props.reception} />
        <FacturesSection facturation={props.facturation} />
        <NotesCreditSection notes={props.notes_credit} />
        <PaiementsSection paiements={props.paiements} />
        <MailsSection mails={props.mails} />
        <PhotosSection commandeId={commande.id} fichiers={props.fichiers} />
        <HistoriqueSection timeline={timeline} />
      </div>
    </>
  )
}
