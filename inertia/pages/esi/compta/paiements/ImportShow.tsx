import { useState, type FormEvent, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import DialogModal from '../../../../components/ui/DialogModal.js'
import DataTable, { type Column } from '../../../../components/list/DataTable.js'
import EmptyState from '../../../../components/list/EmptyState.js'
import ClientPicker from '../../../../components/devis/ClientPicker.js'
import FacturesAllocation, {
  allocationsOf,
} from '../../../../components/paiement/FacturesAllocation.js'
import { formatDate, formatDateTime } from '../../../../lib/format.js'
import { route } from '../../../../lib/route.js'
import {
  importSummaryText,
  periode,
  RELEVE_FORMAT_LABELS,
  RELEVE_LIGNE_STATUT_LABELS,
  type ReleveLigneItem,
  type ReleveLigneStatut,
  type ReleveSummary,
} from '@shared/releves'
import { proposeAllocations, type FactureOuverte } from '@shared/paiements'
import type { DevisClientOption } from '@shared/devis_editor'
import { centsToInput, formatEuros } from '@shared/totals'
import { formatIban } from '@shared/validation/belgium'

export type ReleveShowProps = {
  releve: ReleveSummary
  lignes: ReleveLigneItem[]
  ouvertes: FactureOuverte[]
  credit: number
}

const STATUT_BADGE: Record<ReleveLigneStatut, string> = {
  rapprochee_auto: 'text-bg-success',
  rapprochee_manuelle: 'text-bg-primary',
  a_rapprocher: 'text-bg-warning',
  ignoree: 'text-bg-secondary',
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="col-6 col-md-4 col-xl-2">
      <div className="fs-4 fw-semibold">{value}</div>
      <div className="small text-body-secondary">{label}</div>
    </div>
  )
}

/** The manual matching of one credit line: the client, then what goes to his open factures. */
function RapprochementDialog({
  ligne,
  ouvertes,
  credit,
  onClose,
}: {
  ligne: ReleveLigneItem | null
  ouvertes: FactureOuverte[]
  credit: number
  onClose: () => void
}) {
  const [client, setClient] = useState<DevisClientOption | null>(null)
  const [parts, setParts] = useState<Record<number, string>>({})
  const [processing, setProcessing] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const montant = ligne?.montant ?? 0

  // The open factures arrive after the client is chosen: propose the oldest first (state
  // adjusted while rendering, React's way for a prop that changes)
  const [proposedFor, setProposedFor] = useState<FactureOuverte[] | null>(null)
  if (proposedFor !== ouvertes) {
    setProposedFor(ouvertes)
    const proposal = proposeAllocations(montant, ouvertes)
    setParts(Object.fromEntries([...proposal].map(([id, m]) => [id, m ? centsToInput(m) : ''])))
  }

  function chooseClient(c: DevisClientOption | null) {
    setClient(c)
    setError(undefined)
    setParts({})
    router.reload({ only: ['ouvertes', 'credit'], data: { client: c?.id ?? '' } })
  }

  function close() {
    setClient(null)
    setParts({})
    setError(undefined)
    onClose()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!ligne) return
    if (!client) {
      setError('Choisissez le client qui a payé.')
      return
    }
    setProcessing(true)
    router.post(
      route('esi.paiements.import.rapprocher', { id: ligne.id }),
      { client_id: client.id, allocations: allocationsOf(parts) },
      {
        preserveScroll: true,
        onSuccess: close,
        onError: (errors) => setError(Object.values(errors)[0]),
        onFinish: () => setProcessing(false),
      }
    )
  }

  return (
    <DialogModal show={ligne !== null} onClose={close} size="lg" title="Rapprocher la ligne">
      {ligne && (
        <form onSubmit={submit} noValidate data-testid="rapprochement-form">
          <p>
            Virement de <strong>{formatEuros(ligne.montant)}</strong> du{' '}
            {formatDate(ligne.date_operation)}
            {ligne.contrepartie_nom && <> par {ligne.contrepartie_nom}</>}
            {(ligne.communication_structuree ?? ligne.communication) && (
              <> — « {ligne.communication_structuree ?? ligne.communication} »</>
            )}
            . Il devient un paiement du client choisi, réparti sur ses factures ; le reste devient
            son crédit.
          </p>
          <ClientPicker value={client} onChange={chooseClient} error={error} />
          {client && (
            <div className="mt-3">
              <p className="mb-2">
                Crédit non réparti du client : <strong>{formatEuros(credit)}</strong>.
              </p>
              <FacturesAllocation
                ouvertes={ouvertes}
                parts={parts}
                onChange={setParts}
                montant={ligne.montant}
              />
            </div>
          )}
          <div className="d-flex flex-wrap justify-content-end gap-2 mt-3">
            <button type="button" className="btn btn-alt-secondary" onClick={close}>
              Annuler
            </button>
            <button type="submit" className="btn btn-primary" disabled={processing}>
              Enregistrer le paiement
            </button>
          </div>
        </form>
      )}
    </DialogModal>
  )
}

/** esi/compta/paiements/import/:id: the lines of one imported statement and their matching. */
export default function ReleveShow({ releve, lignes, ouvertes, credit }: ReleveShowProps) {
  const [matching, setMatching] = useState<ReleveLigneItem | null>(null)
  const [busy, setBusy] = useState<number | null>(null)

  function post(
    name: 'esi.paiements.import.ignorer' | 'esi.paiements.import.retablir',
    l: ReleveLigneItem
  ) {
    setBusy(l.id)
    router.post(
      route(name, { id: l.id }),
      {},
      { preserveScroll: true, onFinish: () => setBusy(null) }
    )
  }

  const statut = (l: ReleveLigneItem) => (
    <div className="d-flex flex-column align-items-start gap-1">
      <span className={`badge ${STATUT_BADGE[l.statut]}`}>
        {RELEVE_LIGNE_STATUT_LABELS[l.statut]}
      </span>
      {l.paiement && (
        <span className="small">
          <Link href={route('esi.customers.show', { id: l.paiement.client_id })}>
            {l.paiement.client_nom}
          </Link>
          {l.paiement.factures.length > 0 ? ` — ${l.paiement.factures.join(', ')}` : ' — en crédit'}
        </span>
      )}
      {l.statut === 'a_rapprocher' && (
        <div className="d-flex flex-wrap gap-1">
          {l.montant > 0 && l.devise === 'EUR' && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setMatching(l)}>
              Rapprocher
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-alt-secondary"
            disabled={busy === l.id}
            onClick={() => post('esi.paiements.import.ignorer', l)}
          >
            Ignorer
          </button>
        </div>
      )}
      {l.statut === 'ignoree' && (
        <button
          type="button"
          className="btn btn-sm btn-link p-0"
          disabled={busy === l.id}
          onClick={() => post('esi.paiements.import.retablir', l)}
        >
          Remettre à rapprocher
        </button>
      )}
    </div>
  )

  const columns: Column<ReleveLigneItem>[] = [
    {
      key: 'date',
      label: 'Date',
      className: 'text-nowrap d-none d-sm-table-cell',
      cell: (l) => formatDate(l.date_operation),
    },
    {
      key: 'contrepartie',
      label: 'Contrepartie et communication',
      cell: (l) => (
        <>
          <div className="fw-semibold">{l.contrepartie_nom ?? '—'}</div>
          <div className="small text-body-secondary text-break">
            <span className="d-sm-none">{formatDate(l.date_operation)} · </span>
            {l.communication_structuree ?? l.communication ?? ''}
            {l.contrepartie_iban && (
              <span className="d-none d-lg-inline"> · {formatIban(l.contrepartie_iban)}</span>
            )}
          </div>
          {/* On a phone the statut and its actions go under the line, not in a third column */}
          <div className="d-sm-none mt-2">{statut(l)}</div>
        </>
      ),
    },
    {
      key: 'montant',
      label: 'Montant',
      className: 'text-end text-nowrap',
      cell: (l) => (
        <span className={l.montant > 0 ? 'text-success fw-semibold' : 'text-danger'}>
          {l.montant > 0 ? '+' : ''}
          {formatEuros(l.montant)}
          {l.devise !== 'EUR' && ` ${l.devise}`}
        </span>
      ),
    },
    {
      key: 'statut',
      label: 'Statut',
      className: 'd-none d-sm-table-cell',
      cell: statut,
    },
  ]

  const soldes =
    releve.solde_initial !== null && releve.solde_final !== null
      ? ` · solde ${formatEuros(releve.solde_initial)} → ${formatEuros(releve.solde_final)}`
      : ''
  return (
    <>
      <Head title={`Extrait du ${periode(releve)}`} />
      <PageHeader
        title={`Extrait du ${periode(releve)}`}
        subtitle={`${releve.fichier_nom} · ${formatIban(releve.compte_iban)} · ${RELEVE_FORMAT_LABELS[releve.format]}${releve.releve_ref ? ` n° ${releve.releve_ref}` : ''}${soldes}`}
        breadcrumb={[
          { label: 'Comptabilité' },
          { label: 'Paiements', href: route('esi.compta.paiements') },
          { label: 'Import bancaire', href: route('esi.paiements.import') },
          { label: releve.fichier_nom },
        ]}
        actions={
          <Link href={route('esi.paiements.import')} className="btn btn-alt-primary">
            <i className="bi bi-upload me-1" aria-hidden="true" />
            Importer un autre extrait
          </Link>
        }
      />
      <div className="content">
        <Block title="Résultat de l’import">
          <div className="row g-3 mb-2" data-testid="releve-summary">
            <Stat label="Lignes dans le fichier" value={releve.lignes_fichier} />
            <Stat label="Nouvelles lignes" value={releve.lignes_nouvelles} />
            <Stat label="Rapprochées automatiquement" value={releve.rapprochees_auto} />
            <Stat label="À rapprocher" value={releve.a_rapprocher} />
            <Stat label="Déjà importées" value={releve.lignes_deja_importees} />
          </div>
          <p className="small text-body-secondary mb-0">
            Importé le {formatDateTime(releve.created_at)}
            {releve.imported_by && ` par ${releve.imported_by}`} — {importSummaryText(releve)}.
          </p>
        </Block>
        <Block title="Lignes de l’extrait">
          <DataTable
            rows={lignes}
            columns={columns}
            rowKey={(l) => l.id}
            sort={[]}
            onSort={() => {}}
            caption="Lignes de l’extrait bancaire"
            rowAttrs={(l) => ({ 'data-ligne': l.id, 'data-statut': l.statut })}
            empty={
              <EmptyState
                icon="bi-bank"
                filtered={false}
                noMatch=""
                none="Aucune ligne dans cet extrait."
              />
            }
          />
        </Block>
      </div>
      <RapprochementDialog
        key={matching?.id ?? 0}
        ligne={matching}
        ouvertes={ouvertes}
        credit={credit}
        onClose={() => setMatching(null)}
      />
    </>
  )
}
