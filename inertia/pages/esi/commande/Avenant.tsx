/*
 * esi/commande/Avenant (issue 12 §2): after the measurement sheet flagged differences, staff
 * prepares the priced amendment of the bdc (the lines in force, the flagged rows beside: devis vs
 * mesuré), adjusts quantities and prices with the document lines table and the shared totals,
 * then hands the device to the customer who signs it (works at 390 px). Or accepts the écarts
 * without avenant (motif). Every rule is checked again by the server.
 * Its parts are in inertia/components/avenant/.
 */
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import AvenantEditor from '../../../components/avenant/AvenantEditor.js'
import { AvenantDifference, euros } from '../../../components/avenant/DifferenceTable.js'
import EcartsBlock from '../../../components/avenant/EcartsBlock.js'
import LignesLues from '../../../components/avenant/LignesLues.js'
import SignBlock from '../../../components/avenant/SignBlock.js'
import SignedBlock from '../../../components/avenant/SignedBlock.js'
import type { AvenantProp, BdcLigne, EcartRow } from '../../../components/avenant/types.js'
import { confirm, prompt } from '../../../lib/dialogs/index.js'
import { formatEuros } from '@shared/totals'
import {
  AVENANT_MESSAGES,
  AVENANT_STATUT_LABELS,
  AVENANT_STATUT_VARIANTS,
  MOTIF_MAX,
  type AvenantStatut,
} from '@shared/avenants'
import { route } from '~/lib/route'

export type AvenantPageProps = {
  commande: {
    id: number
    numero: string
    client_nom: string
    objet: string
    total_ttc: number
    statut: string
  }
  bdc: {
    id: number
    numero: string
    total_ttc: number
    acompte_pct: string
    signataire: string | null
  }
  mesurage: string | null
  ecarts: EcartRow[]
  bdc_lignes: BdcLigne[]
  preparer: { reason: string | null }
  accepter: { reason: string | null }
  avenant: AvenantProp | null
  avenants: {
    id: number
    numero: string
    statut: AvenantStatut
    total_ttc: number
    difference_ttc: number
    pdf_url: string
  }[]
}

/** esi/commande/Avenant */
export default function AvenantPage(props: AvenantPageProps) {
  const { commande, bdc, avenant, ecarts } = props
  const ids = { id: avenant?.id ?? 0 }

  async function annuler() {
    if (!avenant) return
    const motif = await prompt({
      title: `Annuler l’avenant ${avenant.numero}`,
      label: 'Motif',
      input: 'textarea',
      required: true,
      max: MOTIF_MAX,
      messages: { required: AVENANT_MESSAGES.motifAnnulation },
    })
    if (motif)
      router.post(route('esi.avenants.annuler', ids), { motif, lock_version: avenant.lock_version })
  }

  async function accepter() {
    const motif = await prompt({
      title: 'Accepter les écarts sans avenant',
      text: 'Le mesurage sera terminé sans changer le prix : indiquez pourquoi.',
      label: 'Motif',
      input: 'textarea',
      required: true,
      max: MOTIF_MAX,
      messages: { required: AVENANT_MESSAGES.motifEcarts },
    })
    if (motif) router.post(route('esi.avenants.accepter', { id: commande.id }), { motif })
  }

  async function presenter() {
    if (!avenant) return
    const ok = await confirm({
      title: 'Faire signer l’avenant',
      text: 'Les lignes ne pourront plus être modifiées sans reprendre l’avenant.',
    })
    if (ok)
      router.post(route('esi.avenants.presenter', ids), { lock_version: avenant.lock_version })
  }

  const open = avenant && (avenant.statut === 'brouillon' || avenant.statut === 'a_signer')

  return (
    <>
      <Head title={`Avenant — commande ${commande.numero}`} />
      <PageHeader
        title={avenant ? `Avenant ${avenant.numero}` : 'Avenant'}
        subtitle={
          <>
            {commande.client_nom} — {commande.objet}{' '}
            {avenant && (
              <span
                className={`badge text-bg-${AVENANT_STATUT_VARIANTS[avenant.statut]}`}
                data-testid="avenant-statut"
              >
                {AVENANT_STATUT_LABELS[avenant.statut]}
              </span>
            )}
          </>
        }
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: commande.numero, href: route('esi.commandes.show', { id: commande.id }) },
          { label: 'Avenant' },
        ]}
        actions={
          <Link
            href={route('esi.commandes.show', { id: commande.id })}
            className="btn btn-alt-secondary"
          >
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            Commande
          </Link>
        }
      />
      <div className="content">
        <p className="text-body-secondary">
          Bon de commande {bdc.numero} : {formatEuros(bdc.total_ttc)} TTC — total actuel de la
          commande : <strong>{formatEuros(commande.total_ttc)} TTC</strong>.
        </p>

        <EcartsBlock ecarts={ecarts} bdcLignes={props.bdc_lignes} />

        {!open && props.mesurage !== 'faite' && (
          <Block title="Suite du mesurage">
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary"
                disabled={props.preparer.reason !== null}
                title={props.preparer.reason ?? undefined}
                onClick={() => router.post(route('esi.avenants.store', { id: commande.id }))}
                data-testid="avenant-preparer"
              >
                <i className="bi bi-file-earmark-diff me-1" aria-hidden="true" />
                Préparer l’avenant
              </button>
              <button
                type="button"
                className="btn btn-alt-secondary"
                disabled={props.accepter.reason !== null}
                title={props.accepter.reason ?? undefined}
                onClick={accepter}
                data-testid="ecarts-accepter"
              >
                Accepter les écarts sans avenant
              </button>
            </div>
            {props.preparer.reason && (
              <p className="small text-body-secondary mt-2 mb-0" data-testid="preparer-reason">
                {props.preparer.reason}
              </p>
            )}
          </Block>
        )}

        {avenant?.statut === 'brouillon' && (
          <AvenantEditor key={avenant.lock_version} avenant={avenant} />
        )}

        {open && (
          <div className="d-flex flex-wrap gap-2 mb-4">
            {avenant.statut === 'brouillon' && (
              <button
                type="button"
                className="btn btn-warning"
                onClick={presenter}
                data-testid="avenant-presenter"
              >
                <i className="bi bi-pen me-1" aria-hidden="true" />
                Faire signer
              </button>
            )}
            {avenant.statut === 'a_signer' && (
              <button
                type="button"
                className="btn btn-alt-secondary"
                onClick={() =>
                  router.post(route('esi.avenants.reprendre', ids), {
                    lock_version: avenant.lock_version,
                  })
                }
                data-testid="avenant-reprendre"
              >
                Modifier encore
              </button>
            )}
            <a
              className="btn btn-alt-secondary"
              href={avenant.pdf_url}
              target="_blank"
              rel="noreferrer"
            >
              <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
              PDF
            </a>
            <button type="button" className="btn btn-alt-danger" onClick={annuler}>
              Annuler l’avenant
            </button>
            <button
              type="button"
              className="btn btn-alt-secondary"
              onClick={accepter}
              disabled={props.accepter.reason !== null}
            >
              Accepter les écarts sans avenant
            </button>
          </div>
        )}

        {avenant?.statut === 'a_signer' && (
          <>
            <LignesLues avenant={avenant} />
            <Block title="Récapitulatif">
              <AvenantDifference avenant={avenant} />
            </Block>
            <SignBlock avenant={avenant} defaultName={bdc.signataire ?? commande.client_nom} />
          </>
        )}

        {avenant?.statut === 'signe' && (
          <>
            <SignedBlock avenant={avenant} />
            <LignesLues avenant={avenant} />
          </>
        )}

        {props.avenants.length > 0 && (
          <Block title="Avenants de la commande">
            <ul className="list-unstyled mb-0" data-testid="avenants-list">
              {props.avenants.map((a) => (
                <li key={a.id} className="d-flex flex-wrap gap-2 align-items-center mb-1">
                  <strong>{a.numero}</strong>
                  <span className={`badge text-bg-${AVENANT_STATUT_VARIANTS[a.statut]}`}>
                    {AVENANT_STATUT_LABELS[a.statut]}
                  </span>
                  <span>
                    {formatEuros(a.total_ttc)} TTC ({euros(a.difference_ttc)})
                  </span>
                  <a href={a.pdf_url} target="_blank" rel="noreferrer">
                    PDF
                  </a>
                </li>
              ))}
            </ul>
          </Block>
        )}
      </div>
    </>
  )
}
