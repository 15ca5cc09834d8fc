/*
 * esi/commande/Avenant (issue 12 §2): after the measurement sheet flagged differences, staff
 * prepares the priced amendment of the bdc (the lines in force, the flagged rows beside: devis vs
 * mesuré), adjusts quantities and prices with the document lines table and the shared totals,
 * then hands the device to the customer who signs it (works at 390 px). Or accepts the écarts
 * without avenant (motif). Every rule is checked again by the server.
 */
import { useMemo, useState, type FormEvent } from 'react'
import { Head, Link, router, usePage } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import LignesTable, { withKeys } from '../../../components/lignes/LignesTable.js'
import TotalsPanel from '../../../components/lignes/TotalsPanel.js'
import { useDocumentTotals } from '../../../components/lignes/use_document_totals.js'
import { devisCatalogue } from '../../../components/lignes/catalogue.js'
import SignaturePad from '../../../components/bdc/SignaturePad.js'
import { confirm, prompt } from '../../../lib/dialogs/index.js'
import { formatDateTime } from '../../../lib/format.js'
import { formatEuros } from '@shared/totals'
import type { LigneForm } from '@shared/devis'
import { formatPct } from '@shared/document'
import {
  AVENANT_MESSAGES,
  AVENANT_STATUT_LABELS,
  AVENANT_STATUT_VARIANTS,
  MOTIF_MAX,
  liveDifference,
  signedEuros,
  type AvenantStatut,
} from '@shared/avenants'
import { SIGNATURE_LIMITS } from '@shared/bdc'
import { route } from '~/lib/route'

type Ecart = { champ: string; devis: string; mesure: string; message: string }

type EcartRow = {
  mesure_ligne_id: number
  bdc_ligne_id: number | null
  repere: string
  designation: string
  quantite: number
  largeur_mm: number | null
  hauteur_mm: number | null
  ecarts: Ecart[]
}

type AvenantProp = {
  id: number
  numero: string
  statut: AvenantStatut
  motif: string
  motif_annulation: string | null
  lock_version: number
  remise_globale_pct: string
  lignes: (LigneForm & { total_ht: number | null })[]
  origines: (number | null)[]
  total_ht: number
  total_tva: number
  total_ttc: number
  base_total_ht: number
  base_total_tva: number
  base_total_ttc: number
  difference_ht: number
  difference_tva: number
  difference_ttc: number
  acompte_pct: string
  acompte_difference: number
  signe_le: string | null
  signataire: string | null
  pdf_url: string
  fichier_id: number | null
  document_url: string | null
  demande: { id: number; numero: string; montant: number; url: string } | null
}

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
  bdc_lignes: {
    id: number
    designation: string
    quantite: string | null
    prix_unitaire_ht: number | null
    total_ht: number | null
  }[]
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

const euros = (c: number) => signedEuros(c, formatEuros)

/** "10.00" → "10", "12.50" → "12.5" (as typed in the editor). */
function trimPct(value: string | null | undefined): string {
  const text = String(value ?? '0')
  return (text.includes('.') ? text.replace(/\.?0+$/, '') : text) || '0'
}

/** The lines the customer signs, read-only (the same table as the editor). */
function LignesLues({ avenant }: { avenant: AvenantProp }) {
  return (
    <Block title={`Lignes de l’avenant ${avenant.numero}`}>
      <LignesTable
        lignes={withKeys(avenant.lignes)}
        onChange={() => {}}
        lineTotals={avenant.lignes.map((l) => l.total_ht)}
        errors={{}}
        catalogue={devisCatalogue}
        readOnly
      />
    </Block>
  )
}

function EcartsBlock({
  ecarts,
  bdcLignes,
}: Pick<AvenantPageProps, 'ecarts'> & {
  bdcLignes: AvenantPageProps['bdc_lignes']
}) {
  if (ecarts.length === 0) return null
  return (
    <Block title="Écarts relevés au mesurage">
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-0" data-testid="ecarts">
          <thead>
            <tr>
              <th scope="col">Élément</th>
              <th scope="col">Écart</th>
              <th scope="col">Devis</th>
              <th scope="col">Mesuré</th>
            </tr>
          </thead>
          <tbody>
            {ecarts.flatMap((row) =>
              row.ecarts.map((e, i) => (
                <tr key={`${row.mesure_ligne_id}-${i}`}>
                  {i === 0 && (
                    <th scope="row" rowSpan={row.ecarts.length} className="fw-normal">
                      <strong>{row.repere || '—'}</strong>
                      <div className="small text-body-secondary">
                        {row.designation ||
                          bdcLignes.find((l) => l.id === row.bdc_ligne_id)?.designation ||
                          'Élément ajouté sur place'}
                      </div>
                    </th>
                  )}
                  <td>{e.message || e.champ}</td>
                  <td className="text-nowrap">{e.devis || '—'}</td>
                  <td className="text-nowrap fw-semibold text-danger">{e.mesure || '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Block>
  )
}

function DifferenceTable({
  base,
  total,
  diff,
  acomptePct,
}: {
  base: { ht: number; ttc: number }
  total: { ht: number; ttc: number }
  diff: { ht: number; tva: number; ttc: number; acompte: number }
  acomptePct: string
}) {
  return (
    <table className="table table-sm mb-0" aria-label="Différence avec le bon de commande">
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            Total précédent TTC
          </th>
          <td className="text-end text-nowrap">{formatEuros(base.ttc)}</td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            Nouveau total TTC
          </th>
          <td className="text-end text-nowrap fw-semibold" data-testid="nouveau-total">
            {formatEuros(total.ttc)}
          </td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            Différence HT / TVA
          </th>
          <td className="text-end text-nowrap">
            {euros(diff.ht)} / {euros(diff.tva)}
          </td>
        </tr>
        <tr className="table-light">
          <th scope="row">Différence TTC</th>
          <td className="text-end text-nowrap fw-bold" data-testid="difference-ttc">
            {euros(diff.ttc)}
          </td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            Acompte complémentaire ({formatPct(acomptePct)})
          </th>
          <td className="text-end text-nowrap fw-semibold" data-testid="acompte-difference">
            {diff.acompte > 0 ? formatEuros(diff.acompte) : 'aucun'}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

function Editor({ avenant }: { avenant: AvenantProp }) {
  const { errors } = usePage<{ errors?: Record<string, string> }>().props
  const initial = useMemo(() => withKeys(avenant.lignes), [avenant.lignes])
  const [lignes, setLignes] = useState<LigneForm[]>(initial)
  const [remise, setRemise] = useState(trimPct(avenant.remise_globale_pct))
  const [motif, setMotif] = useState(avenant.motif)
  const [processing, setProcessing] = useState(false)
  const origin = useMemo(
    () => new Map(initial.map((l, i) => [l.key!, avenant.origines[i] ?? null])),
    [initial, avenant.origines]
  )
  const live = useDocumentTotals({ lignes, remise_globale_pct: remise })
  const diff = liveDifference(
    {
      total_ht: avenant.base_total_ht,
      total_tva: avenant.base_total_tva,
      total_ttc: avenant.base_total_ttc,
    },
    live.totals,
    avenant.acompte_pct
  )
  const allErrors = { ...live.limits, ...live.errors, ...(errors ?? {}) }

  function submit(event: FormEvent) {
    event.preventDefault()
    setProcessing(true)
    router.post(
      route('esi.avenants.update', { id: avenant.id }),
      {
        lock_version: avenant.lock_version,
        motif,
        remise_globale_pct: remise,
        lignes: lignes.map(({ key: _key, ...l }) => l),
        origines: lignes.map((l) => origin.get(l.key!) ?? null),
      },
      { preserveScroll: true, onFinish: () => setProcessing(false) }
    )
  }

  return (
    <form onSubmit={submit} noValidate data-testid="avenant-editor">
      <Block title={`Lignes de l’avenant ${avenant.numero}`}>
        {errors?._form && (
          <div className="alert alert-danger" role="alert">
            {errors._form}
          </div>
        )}
        <div className="mb-3">
          <label className="form-label" htmlFor="avenant-motif">
            Motif de l’avenant
          </label>
          <input
            id="avenant-motif"
            className={`form-control ${errors?.motif ? 'is-invalid' : ''}`}
            value={motif}
            maxLength={MOTIF_MAX}
            onChange={(e) => setMotif(e.target.value)}
            data-testid="avenant-motif"
          />
          {errors?.motif && <div className="invalid-feedback">{errors.motif}</div>}
        </div>
        <LignesTable
          lignes={lignes}
          onChange={setLignes}
          lineTotals={live.totals.lignes.map((l) => l.total_ht)}
          errors={allErrors}
          catalogue={devisCatalogue}
        />
        <div className="row g-3 mt-2">
          <div className="col-md-6">
            <label className="form-label" htmlFor="avenant-remise">
              Remise globale (%)
            </label>
            <input
              id="avenant-remise"
              inputMode="decimal"
              className={`form-control ${allErrors.remise_globale_pct ? 'is-invalid' : ''}`}
              value={remise}
              onChange={(e) => setRemise(e.target.value)}
            />
            {allErrors.remise_globale_pct && (
              <div className="invalid-feedback">{allErrors.remise_globale_pct}</div>
            )}
            <div className="mt-3">
              <TotalsPanel totals={live.totals} label="Totaux de l’avenant" />
            </div>
          </div>
          <div className="col-md-6">
            <DifferenceTable
              base={{ ht: avenant.base_total_ht, ttc: avenant.base_total_ttc }}
              total={{ ht: live.totals.total_ht, ttc: live.totals.total_ttc }}
              diff={{
                ht: diff.difference_ht,
                tva: diff.difference_tva,
                ttc: diff.difference_ttc,
                acompte: diff.acompte_difference,
              }}
              acomptePct={avenant.acompte_pct}
            />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={processing}
            data-testid="avenant-save"
          >
            <i className="bi bi-save me-1" aria-hidden="true" />
            Enregistrer l’avenant
          </button>
        </div>
      </Block>
    </form>
  )
}

function SignBlock({ avenant, defaultName }: { avenant: AvenantProp; defaultName: string }) {
  const { errors } = usePage<{ errors?: Record<string, string> }>().props
  const [signataire, setSignataire] = useState(defaultName)
  const [signature, setSignature] = useState<string | null>(null)
  const [local, setLocal] = useState<string | null>(null)
  const [processing, setProcessing] = useState(false)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!signature) {
      setLocal('Le cadre de signature est vide : le client doit signer.')
      return
    }
    setLocal(null)
    setProcessing(true)
    router.post(
      route('esi.avenants.sign', { id: avenant.id }),
      { signataire, signature, lock_version: avenant.lock_version },
      { preserveScroll: true, onFinish: () => setProcessing(false) }
    )
  }
  const error = local ?? errors?.signature

  return (
    <Block title="Signature du client" className="border border-warning-subtle">
      <form onSubmit={submit} noValidate data-testid="avenant-sign-form">
        {errors?._form && (
          <div className="alert alert-danger" role="alert">
            {errors._form}
          </div>
        )}
        <p className="mb-3">
          En signant, le client accepte l’avenant <strong>{avenant.numero}</strong> : nouveau total{' '}
          <strong>{formatEuros(avenant.total_ttc)} TTC</strong> ({euros(avenant.difference_ttc)})
          {avenant.acompte_difference > 0 && (
            <>
              , acompte complémentaire de <strong>{formatEuros(avenant.acompte_difference)}</strong>
            </>
          )}
          .
        </p>
        <div className="mb-3">
          <label className="form-label" htmlFor="avenant-signataire">
            Nom du signataire <span className="text-danger">*</span>
          </label>
          <input
            id="avenant-signataire"
            className={`form-control form-control-lg ${errors?.signataire ? 'is-invalid' : ''}`}
            value={signataire}
            maxLength={SIGNATURE_LIMITS.signataire}
            autoComplete="off"
            onChange={(e) => setSignataire(e.target.value)}
            data-testid="avenant-signataire"
          />
          {errors?.signataire && <div className="invalid-feedback">{errors.signataire}</div>}
        </div>
        <SignaturePad
          id="avenant-signature"
          onChange={(dataUrl) => {
            setSignature(dataUrl)
            if (dataUrl) setLocal(null)
          }}
          error={error}
          describedBy={error ? 'avenant-signature-error' : undefined}
        />
        <button
          type="submit"
          className="btn btn-success btn-lg w-100 mt-3"
          disabled={processing}
          data-testid="avenant-sign-submit"
        >
          <i className="bi bi-check2-circle me-1" aria-hidden="true" />
          Valider la signature de l’avenant
        </button>
      </form>
    </Block>
  )
}

function SignedBlock({ avenant }: { avenant: AvenantProp }) {
  return (
    <Block title="Avenant signé" className="border border-success-subtle">
      <p className="mb-2" data-testid="avenant-signed">
        Signé le {formatDateTime(avenant.signe_le)} par <strong>{avenant.signataire}</strong>.
      </p>
      <DifferenceTable
        base={{ ht: avenant.base_total_ht, ttc: avenant.base_total_ttc }}
        total={{ ht: avenant.total_ht, ttc: avenant.total_ttc }}
        diff={{
          ht: avenant.difference_ht,
          tva: avenant.difference_tva,
          ttc: avenant.difference_ttc,
          acompte: avenant.acompte_difference,
        }}
        acomptePct={avenant.acompte_pct}
      />
      <p className="mt-3 mb-0">
        <a
          href={avenant.document_url ?? avenant.pdf_url}
          target="_blank"
          rel="noreferrer"
          data-testid="avenant-document"
        >
          <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
          Avenant signé (PDF)
        </a>
      </p>
      {avenant.demande && (
        <p className="mt-3 mb-0">
          Demande de paiement de l’acompte complémentaire :{' '}
          <Link href={avenant.demande.url}>
            {avenant.demande.numero} ({formatEuros(avenant.demande.montant)})
          </Link>
        </p>
      )}
    </Block>
  )
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

        {avenant?.statut === 'brouillon' && <Editor key={avenant.lock_version} avenant={avenant} />}

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
              <DifferenceTable
                base={{ ht: avenant.base_total_ht, ttc: avenant.base_total_ttc }}
                total={{ ht: avenant.total_ht, ttc: avenant.total_ttc }}
                diff={{
                  ht: avenant.difference_ht,
                  tva: avenant.difference_tva,
                  ttc: avenant.difference_ttc,
                  acompte: avenant.acompte_difference,
                }}
                acomptePct={avenant.acompte_pct}
              />
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
