import { useState, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import ChantierMap from '../../../components/clients/ChantierMap.js'
import ClientFormModal from '../../../components/clients/ClientFormModal.js'
import CompteSection, { FacturesSection } from '../../../components/clients/CompteSection.js'
import { confirmDelete } from '../../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import {
  CLIENT_TYPE_LABELS,
  type ClientCommandeItem,
  type ClientCompte,
  type ClientDetail,
  type ClientDevisItem,
  type SocieteOption,
} from '@shared/clients'
import {
  COMMANDE_STATUT_LABELS,
  DEVIS_STATUT_LABELS,
  DEVIS_STATUT_VARIANTS,
  type CommandeStatut,
  type DevisStatut,
} from '@shared/devis'
import { formatEuros } from '@shared/totals'
import { route } from '~/lib/route'
import { ECHEANCE_JOURS_DEFAUT } from '@shared/factures'

/** « 15 jours », « 30 jours (par défaut) » when the client has no term of his own. */
function delaiLabel(jours: number | null | undefined) {
  if (jours === null || jours === undefined) return `${ECHEANCE_JOURS_DEFAUT} jours (par défaut)`
  return `${jours} jour${jours > 1 ? 's' : ''}`
}

export type CustomerShowProps = {
  client: ClientDetail
  apporteurs: SocieteOption[]
  canDelete: boolean
  devis: ClientDevisItem[]
  commandes: ClientCommandeItem[]
  compte: ClientCompte
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children || <span className="text-body-tertiary">—</span>}</dd>
    </>
  )
}

function address(rue: string | null, cp: string | null, localite: string | null, pays?: string) {
  if (!rue && !cp && !localite) return null
  return (
    <address className="mb-0">
      {rue}
      {rue && <br />}
      {[cp, localite].filter(Boolean).join(' ')}
      {pays && pays !== 'BE' && ` (${pays})`}
    </address>
  )
}

/** A section whose documents come with later issues: its French empty state for now. */
function EmptySection({ title, icon, text }: { title: string; icon: string; text: string }) {
  return (
    <Block title={title}>
      <p className="text-body-secondary text-center py-3 mb-0">
        <i className={`bi ${icon} d-block fs-3 mb-2`} aria-hidden="true" />
        {text}
      </p>
    </Block>
  )
}

function DevisSection({ clientId, devis }: { clientId: number; devis: ClientDevisItem[] }) {
  const nouveau = (
    <Link
      href={route('esi.devis.create', {}, { client: clientId })}
      className="btn btn-sm btn-primary"
    >
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      Nouveau devis
    </Link>
  )
  if (devis.length === 0) {
    return (
      <Block title="Devis" options={nouveau}>
        <p className="text-body-secondary text-center py-3 mb-0">
          <i className="bi bi-file-earmark-text d-block fs-3 mb-2" aria-hidden="true" />
          Aucun devis pour ce client.
        </p>
      </Block>
    )
  }
  return (
    <Block title="Devis" options={nouveau}>
      <div className="table-responsive">
        <table className="table table-sm table-hover align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Numéro</th>
              <th scope="col">Date</th>
              <th scope="col">Objet</th>
              <th scope="col" className="text-end">
                Total TTC
              </th>
              <th scope="col">Statut</th>
            </tr>
          </thead>
          <tbody>
            {devis.map((d) => {
              const statut = d.statut as DevisStatut
              return (
                <tr key={d.id}>
                  <td className="text-nowrap">
                    <Link href={route('esi.devis.edit', { id: d.id })}>
                      {d.numero ?? 'Brouillon'}
                      {d.revision > 1 ? ` (rév. ${d.revision})` : ''}
                    </Link>
                  </td>
                  <td>{formatDate(d.date_devis)}</td>
                  <td>{d.objet}</td>
                  <td className="text-end text-nowrap">{formatEuros(d.total_ttc)}</td>
                  <td>
                    <span
                      className={`badge text-bg-${DEVIS_STATUT_VARIANTS[statut] ?? 'secondary'}`}
                    >
                      {DEVIS_STATUT_LABELS[statut] ?? d.statut}
                    </span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </Block>
  )
}

function CommandesSection({ commandes }: { commandes: ClientCommandeItem[] }) {
  if (commandes.length === 0) {
    return (
      <EmptySection title="Commandes" icon="bi-box-seam" text="Aucune commande pour ce client." />
    )
  }
  return (
    <Block title="Commandes">
      <ul className="list-group list-group-flush">
        {commandes.map((c) => (
          <li key={c.id} className="list-group-item d-flex justify-content-between gap-2">
            <span>
              <Link href={route('esi.commandes.show', { id: c.id })}>{c.numero}</Link> — {c.objet}
            </span>
            <span className="text-nowrap">
              {formatEuros(c.total_ttc)}{' '}
              <span className="badge text-bg-light">
                {COMMANDE_STATUT_LABELS[c.statut as CommandeStatut] ?? c.statut}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Block>
  )
}

export default function CustomerShow({
  client,
  apporteurs,
  canDelete,
  devis,
  commandes,
  compte,
}: CustomerShowProps) {
  const [editing, setEditing] = useState(false)
  const phone = (n: string | null) => n && <a href={`tel:${n.replace(/[^\d+]/g, '')}`}>{n}</a>

  async function destroy() {
    const ok = await confirmDelete({
      title: `Supprimer le client n° ${client.id_client} ?`,
      text: `${client.nom_complet} sera supprimé définitivement.`,
    })
    if (ok) router.delete(route('admin.customers.destroy', { id: client.id_client }))
  }

  return (
    <>
      <Head title={`Client ${client.nom_complet}`} />
      <PageHeader
        title={client.nom_complet}
        subtitle={
          <>
            Client n° {client.id_client}{' '}
            <span
              className={`badge ${client.type === 'professionnel' ? 'text-bg-info' : 'text-bg-secondary'}`}
            >
              {CLIENT_TYPE_LABELS[client.type]}
            </span>
          </>
        }
        breadcrumb={[
          { label: 'Clients', href: route('esi.customers.index', {}, { sort: '-id_client' }) },
          { label: `N° ${client.id_client}` },
        ]}
        actions={
          <div className="d-flex gap-2">
            <Link
              href={route('esi.customers.index', {}, { sort: '-id_client' })}
              className="btn btn-alt-secondary"
            >
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Liste
            </Link>
            <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
              <i className="bi bi-pencil me-1" aria-hidden="true" />
              Modifier
            </button>
            {canDelete && (
              <button type="button" className="btn btn-outline-danger" onClick={destroy}>
                <i className="bi bi-trash me-1" aria-hidden="true" />
                Supprimer
              </button>
            )}
          </div>
        }
      />

      <div className="content">
        <div className="row g-4">
          <div className="col-lg-6">
            <Block title="Identité et contact">
              <dl className="row mb-0">
                <Row label="Civilité">{client.civilite}</Row>
                <Row label="Nom">{client.nom}</Row>
                <Row label="Prénom">{client.prenom}</Row>
                {client.type === 'professionnel' && (
                  <>
                    <Row label="Société">{client.societe}</Row>
                    <Row label="N° de TVA">{client.numero_tva}</Row>
                  </>
                )}
                <Row label="E-mail">
                  {client.email && <a href={`mailto:${client.email}`}>{client.email}</a>}
                </Row>
                <Row label="Téléphone">{phone(client.telephone)}</Row>
                <Row label="GSM">{phone(client.gsm)}</Row>
                <Row label="Apporteur">{client.apporteur?.nom}</Row>
                <Row label="Délai de paiement">{delaiLabel(client.delai_paiement_jours)}</Row>
                <Row label="Créé le">{formatDateTime(client.created_at)}</Row>
                <Row label="Modifié le">{formatDateTime(client.updated_at)}</Row>
              </dl>
            </Block>
            <Block title="Adresse de facturation">
              {address(
                client.facturation_rue,
                client.facturation_code_postal,
                client.facturation_localite,
                client.facturation_pays
              ) ?? <p className="text-body-secondary mb-0">Aucune adresse de facturation.</p>}
            </Block>
            <Block title="Notes">
              {client.notes ? (
                <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                  {client.notes}
                </p>
              ) : (
                <p className="text-body-secondary mb-0">Aucune note.</p>
              )}
            </Block>
          </div>
          <div className="col-lg-6">
            <Block title="Chantier">
              <div className="mb-3">
                {address(
                  client.chantier_rue,
                  client.chantier_code_postal,
                  client.chantier_localite
                ) ?? <p className="text-body-secondary mb-0">Aucune adresse de chantier.</p>}
              </div>
              <ChantierMap
                lat={client.chantier_lat}
                lng={client.chantier_lng}
                label={client.chantier_localite}
              />
            </Block>
            <DevisSection clientId={client.id_client} devis={devis} />
            <CommandesSection commandes={commandes} />
            <FacturesSection compte={compte} />
            <CompteSection compte={compte} />
          </div>
        </div>
      </div>

      <ClientFormModal
        show={editing}
        onClose={() => setEditing(false)}
        client={client}
        apporteurs={apporteurs}
      />
    </>
  )
}
