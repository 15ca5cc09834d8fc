/*
 * esi/commande/Reception (issue 12 §5): the procès-verbal de réception, signed by the customer on
 * the technician's device. Before signing: the customer's name, the date and place, « sans
 * réserve » or « avec réserves » (rows added and removed), observations, the consent line and the
 * signature pad; the server checks the gate (goods received), stores the signature, makes the PDF
 * and moves the pose step. Once signed the PV is read-only: its PDF, and its reserves lifted one
 * by one. 390 px first, large touch targets.
 * Its parts are in inertia/components/reception/.
 */
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import { LignesMesurees, StatutBadge } from '../../../components/reception/PoseParts.js'
import PvForm from '../../../components/reception/PvForm.js'
import SignedPv from '../../../components/reception/SignedPv.js'
import type { ReceptionPageProps } from '@shared/receptions'
import { route } from '~/lib/route'

export default function CommandeReception(props: ReceptionPageProps) {
  const { commande, etape, lignes, reception } = props
  return (
    <>
      <Head title={`Réception — ${commande.numero}`} />
      <PageHeader
        title={`Réception — ${commande.numero}`}
        subtitle={
          <>
            {commande.client.nom} — {commande.objet} <StatutBadge statut={etape.statut} />
          </>
        }
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: commande.numero, href: route('esi.commandes.show', { id: commande.id }) },
          { label: 'Réception' },
        ]}
        actions={
          <Link
            href={route('esi.commandes.pose', { id: commande.id })}
            className="btn btn-alt-secondary"
          >
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            Pose
          </Link>
        }
      />
      <div className="content">
        {commande.adresse.texte && (
          <p className="text-body-secondary">Chantier : {commande.adresse.texte}</p>
        )}
        {reception ? (
          <SignedPv commandeId={commande.id} reception={reception} />
        ) : (
          <PvForm {...props} />
        )}
        <Block title={`Éléments posés (${lignes.length})`}>
          <LignesMesurees lignes={lignes} />
        </Block>
      </div>
    </>
  )
}
