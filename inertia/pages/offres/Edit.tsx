import { useCallback, useState } from 'react'
import { Head, router } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import { route } from '~/lib/route'
import OffreEditor from '../../components/offres/OffreEditor.js'
import OffreActions from '../../components/offres/OffreActions.js'
import StatutBadge from '../../components/offres/StatutBadge.js'
import type { OffreAbilities, OffreContactOption, OffreDetail } from '@shared/offres'

export type EditProps = {
  offre: OffreDetail
  /** The contacts of the offre's société. */
  contacts: OffreContactOption[]
  abilities: OffreAbilities
}

export default function Edit({ offre, contacts, abilities }: EditProps) {
  const [lockVersion, setLockVersion] = useState(offre.lock_version)
  const [dirty, setDirty] = useState(false)
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), [])
  const title = offre.numero ? `Offre ${offre.numero}` : 'Offre (brouillon)'

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={
          <>
            {title} <StatutBadge statut={offre.statut} />
          </>
        }
        subtitle={`${offre.societe.nom} → ${offre.contact}`}
        breadcrumb={[{ label: 'Offres', href: route('partner.offres.index') }, { label: title }]}
        actions={
          <OffreActions
            offre={{ ...offre, lock_version: lockVersion }}
            abilities={abilities}
            on="edit"
            blockedReason={dirty ? 'Enregistrez d’abord vos modifications.' : null}
          />
        }
      />
      <div className="content">
        {offre.statut === 'envoyee' && (
          <div className="alert alert-info">
            Cette offre a déjà été envoyée à {offre.contact}. L’enregistrer en crée une nouvelle
            version (v{offre.revision + 1}, brouillon) ; la version envoyée reste consultable dans
            l’aperçu. Renvoyez-la ensuite pour que votre contact reçoive la nouvelle version.
          </div>
        )}
        <OffreEditor
          societes={[
            {
              id: offre.societe.id,
              nom: offre.societe.nom,
              remise_partenaire_pct: offre.societe.remise_partenaire_pct,
            },
          ]}
          contacts={contacts}
          offreId={offre.id}
          lockVersion={offre.lock_version}
          societeLocked
          onSaved={(r) => {
            setLockVersion(r.lock_version)
            // A sent offre saved is a new draft version: statut and history come from the server
            if (offre.statut === 'envoyee') router.reload()
          }}
          onDirtyChange={onDirtyChange}
          initial={{
            societe_id: offre.societe.id,
            contact_id: offre.contact_id,
            date_offre: offre.date_offre,
            valable_jusqu_au: offre.valable_jusqu_au,
            objet: offre.objet,
            adresse_chantier: offre.adresse_chantier,
            remise_globale_pct: offre.remise_globale_pct,
            intro: offre.intro,
            conditions: offre.conditions,
            lignes: offre.lignes,
          }}
        />
      </div>
    </>
  )
}
