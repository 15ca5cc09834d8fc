/*
 * The actions on an offre, as the server allows them (abilities): preview, PDF, edit, send to
 * the contact, transmit to esi, and — for staff — turn it into a devis.
 */
import { useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { confirm } from '~/lib/dialogs'
import type { OffreAbilities } from '@shared/offres'
import { route } from '~/lib/route'

export interface OffreActionsProps {
  offre: {
    id: number
    numero: string | null
    lock_version: number
    contact_email: string | null
    devis_id: number | null
  }
  abilities: OffreAbilities
  /** The page showing them: no link to itself. */
  on: 'edit' | 'preview'
  /** Unsaved changes in the editor: sending would send the previous version. */
  blockedReason?: string | null
  /** Staff: may open the devis made from it. */
  staff?: boolean
}

export default function OffreActions({
  offre,
  abilities,
  on,
  blockedReason,
  staff = false,
}: OffreActionsProps) {
  const [busy, setBusy] = useState(false)

  function post(url: string, data: Record<string, number> = {}) {
    setBusy(true)
    router.post(url, data, { preserveScroll: true, onFinish: () => setBusy(false) })
  }

  async function envoyer() {
    if (!offre.contact_email) {
      await confirm({
        title: 'Pas d’adresse e-mail',
        text: 'Ce contact n’a pas d’adresse e-mail : ajoutez-la sur sa fiche avant d’envoyer l’offre.',
        icon: 'info',
        confirmText: 'Compris',
      })
      return
    }
    const ok = await confirm({
      title: 'Envoyer l’offre ?',
      text: `L’offre${offre.numero ? ` ${offre.numero}` : ' (numérotée à cet envoi)'} part en PDF à ${offre.contact_email}.`,
      icon: 'question',
      confirmText: 'Envoyer',
    })
    if (ok)
      post(route('partner.offres.envoyer', { id: offre.id }), { lock_version: offre.lock_version })
  }

  async function transmettre() {
    const ok = await confirm({
      title: 'Transmettre à ESI ?',
      text: 'ESI reçoit l’offre et pourra en faire un devis. Elle ne sera plus modifiable.',
      icon: 'question',
      confirmText: 'Transmettre',
    })
    if (ok)
      post(route('partner.offres.transmettre', { id: offre.id }), {
        lock_version: offre.lock_version,
      })
  }

  async function toDevis() {
    const ok = await confirm({
      title: 'Créer le devis ?',
      text: 'Un devis brouillon est créé avec les lignes de l’offre aux prix catalogue (les lignes libres gardent leur prix), pour le client du contact (créé s’il n’existe pas), avec le partenaire comme apporteur et sa commission indiquée à part.',
      icon: 'question',
      confirmText: 'Créer le devis',
    })
    if (ok) post(route('esi.offres.to_devis', { id: offre.id }))
  }

  const blocked = busy || Boolean(blockedReason)
  return (
    <div className="d-flex flex-wrap gap-2" data-testid="offre-actions">
      {on === 'edit' && (
        <Link
          href={route('partner.offres.preview', { id: offre.id })}
          className="btn btn-alt-secondary"
        >
          <i className="bi bi-eye me-1" aria-hidden="true" />
          Aperçu
        </Link>
      )}
      {on === 'preview' && abilities.edit && (
        <Link
          href={route('partner.offres.edit', { id: offre.id })}
          className="btn btn-alt-secondary"
        >
          <i className="bi bi-pencil me-1" aria-hidden="true" />
          Modifier
        </Link>
      )}
      <a
        href={route('partner.offres.pdf', { id: offre.id })}
        className="btn btn-alt-secondary"
        target="_blank"
        rel="noreferrer"
      >
        <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
        PDF
      </a>
      {abilities.envoyer && (
        <button
          type="button"
          className="btn btn-info"
          onClick={envoyer}
          disabled={blocked}
          title={blockedReason ?? undefined}
        >
          <i className="bi bi-envelope me-1" aria-hidden="true" />
          Envoyer au contact
        </button>
      )}
      {abilities.transmettre && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={transmettre}
          disabled={blocked}
          title={blockedReason ?? undefined}
          data-testid="offre-transmettre"
        >
          <i className="bi bi-send me-1" aria-hidden="true" />
          Transmettre à ESI
        </button>
      )}
      {abilities.to_devis && (
        <button
          type="button"
          className="btn btn-success"
          onClick={toDevis}
          disabled={busy}
          data-testid="offre-to-devis"
        >
          <i className="bi bi-file-earmark-plus me-1" aria-hidden="true" />
          Créer le devis
        </button>
      )}
      {offre.devis_id && staff && <DevisLink devisId={offre.devis_id} />}
    </div>
  )
}

function DevisLink({ devisId }: { devisId: number }) {
  return (
    <a href={route('esi.devis.edit', { id: devisId })} className="btn btn-alt-success">
      <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
      Voir le devis
    </a>
  )
}
