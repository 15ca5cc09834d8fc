import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import Block from '../../../../components/ui/Block.js'
import BdcLignesTable from '../../../../components/bdc/BdcLignesTable.js'
import { confirm, confirmDelete } from '../../../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../../../lib/format.js'
import {
  NOTE_CREDIT_KIND_LABELS,
  NOTE_CREDIT_STATUT_LABELS,
  NOTE_CREDIT_STATUT_VARIANTS,
  type NoteCreditListItem,
} from '@shared/notes_credit'
import { formatEuros } from '@shared/totals'
import { route } from '~/lib/route'

type Shown = Parameters<typeof BdcLignesTable>[0]['bdc']

export type NoteCreditShowProps = {
  note: NoteCreditListItem &
    Shown & { facture_date: string | null; lock_version: number; emise_le: string | null }
  /** Issued to a French client: its PDF is a Factur-X (decision 266). */
  facturx?: boolean
  /** A Belgian professional client: the Peppol CreditNote (UBL) to download. */
  ubl?: boolean
}

/** esi/compta/nc Show: lines, totals, a draft's « Émettre » / « Supprimer le brouillon ». */
export default function NoteCreditShow({
  note,
  facturx = false,
  ubl = false,
}: NoteCreditShowProps) {
  const title = note.numero ? `Note de crédit ${note.numero}` : 'Note de crédit (brouillon)'
  const brouillon = note.statut === 'brouillon'

  async function emettre() {
    const ok = await confirm({
      title: 'Émettre cette note de crédit ?',
      text: `Elle reçoit son numéro et réduit de ${formatEuros(note.total_ttc)} ce que la facture ${note.facture_numero} demande. Elle ne pourra plus être modifiée ni supprimée.`,
      confirmText: 'Émettre',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.notes_credit.emettre', { id: note.id }),
      { lock_version: note.lock_version },
      { preserveScroll: true }
    )
  }

  async function supprimer() {
    if (!(await confirmDelete({ title: 'Supprimer ce brouillon de note de crédit ?' }))) return
    router.delete(route('esi.notes_credit.destroy', { id: note.id }), {
      data: { lock_version: note.lock_version },
    })
  }

  return (
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        subtitle={
          <>
            {note.client_nom} — facture {note.facture_numero}{' '}
            <span
              className={`badge text-bg-${NOTE_CREDIT_STATUT_VARIANTS[note.statut]}`}
              data-testid="nc-statut"
            >
              {NOTE_CREDIT_STATUT_LABELS[note.statut]}
            </span>
          </>
        }
        breadcrumb={[
          { label: 'Notes de crédit', href: route('esi.compta.nc') },
          { label: note.numero ?? 'Brouillon' },
        ]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link
              href={route('esi.factures.show', { id: note.facture_id })}
              className="btn btn-alt-secondary"
            >
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Facture
            </Link>
            <a
              href={route('esi.notes_credit.pdf', { id: note.id })}
              className="btn btn-alt-primary"
              target="_blank"
              rel="noopener noreferrer"
            >
              <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
              {facturx ? 'PDF (Factur-X)' : 'PDF'}
            </a>
            {note.numero && !facturx && (
              <a
                href={route('esi.notes_credit.pdf', { id: note.id }, { format: 'facturx' })}
                className="btn btn-alt-secondary"
                data-testid="nc-facturx"
              >
                <i className="bi bi-file-earmark-code me-1" aria-hidden="true" />
                Factur-X
              </a>
            )}
            {ubl && (
              <a
                href={route('esi.notes_credit.ubl', { id: note.id })}
                className="btn btn-alt-secondary"
                data-testid="nc-ubl"
              >
                <i className="bi bi-filetype-xml me-1" aria-hidden="true" />
                UBL
              </a>
            )}
            {brouillon && (
              <>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={emettre}
                  data-testid="nc-emettre"
                >
                  <i className="bi bi-send-check me-1" aria-hidden="true" />
                  Émettre
                </button>
                <button type="button" className="btn btn-outline-danger" onClick={supprimer}>
                  <i className="bi bi-trash me-1" aria-hidden="true" />
                  Supprimer le brouillon
                </button>
              </>
            )}
          </div>
        }
      />
      <div className="content">
        <div className="row g-4">
          <div className="col-xl-8">
            <Block title="Lignes créditées (montants à déduire)">
              <BdcLignesTable bdc={note} />
            </Block>
          </div>
          <div className="col-xl-4">
            <Block title="Informations">
              <dl className="row mb-0">
                <dt className="col-sm-5 fw-normal text-body-secondary">Type</dt>
                <dd className="col-sm-7">{NOTE_CREDIT_KIND_LABELS[note.kind]}</dd>
                <dt className="col-sm-5 fw-normal text-body-secondary">Facture</dt>
                <dd className="col-sm-7">
                  {note.facture_numero} du {formatDate(note.facture_date)}
                </dd>
                <dt className="col-sm-5 fw-normal text-body-secondary">Motif</dt>
                <dd className="col-sm-7 text-break">{note.motif}</dd>
                <dt className="col-sm-5 fw-normal text-body-secondary">Date</dt>
                <dd className="col-sm-7">{formatDate(note.date_nc) || '—'}</dd>
                <dt className="col-sm-5 fw-normal text-body-secondary">Émise le</dt>
                <dd className="col-sm-7">{formatDateTime(note.emise_le) || '—'}</dd>
                <dt className="col-sm-5 fw-normal text-body-secondary">À déduire (TTC)</dt>
                <dd className="col-sm-7">{formatEuros(note.total_ttc)}</dd>
              </dl>
            </Block>
          </div>
        </div>
      </div>
    </>
  )
}
