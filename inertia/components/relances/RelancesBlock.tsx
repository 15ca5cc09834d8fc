/*
 * The « Relances » block of an issued facture's page (decisions 245–254): the levels already
 * made (date, channel, by whom, whether the mail left, the letter) and « Relancer (niveau N) »
 * when the next level is due, by e-mail or as a letter to print.
 */
import { router } from '@inertiajs/react'
import Block from '../ui/Block.js'
import { confirm } from '../../lib/dialogs/index.js'
import { formatDate } from '../../lib/format.js'
import { route } from '../../lib/route.js'
import { formatEuros } from '@shared/totals'
import {
  RELANCE_CANAL_LABELS,
  RELANCE_NIVEAU_LABELS,
  type ProchaineRelance,
  type RelanceCanal,
  type RelanceRow,
} from '@shared/relances'

export type FactureRelances = { historique: RelanceRow[]; prochaine: ProchaineRelance | null }

function MailState({ r }: { r: RelanceRow }) {
  if (r.canal !== 'email') return <span className="text-body-secondary">lettre</span>
  return r.mail_envoye ? (
    <span className="badge text-bg-success">envoyé</span>
  ) : (
    <span className="badge text-bg-danger">non parti</span>
  )
}

export default function RelancesBlock({
  factureId,
  relances,
}: {
  factureId: number
  relances: FactureRelances
}) {
  const { historique, prochaine } = relances

  async function relancer(canal: RelanceCanal) {
    if (!prochaine) return
    const label = RELANCE_NIVEAU_LABELS[prochaine.niveau].toLowerCase()
    const ok = await confirm({
      title: `Relancer (niveau ${prochaine.niveau}) ?`,
      text:
        canal === 'email'
          ? `Le client reçoit le ${label} par e-mail, avec la facture en PDF.`
          : `Le ${label} est enregistré ; imprimez ensuite la lettre et postez-la.`,
      confirmText: canal === 'email' ? 'Envoyer' : 'Enregistrer',
      icon: 'question',
    })
    if (!ok) return
    router.post(
      route('esi.factures.relancer', { id: factureId }),
      { niveau: prochaine.niveau, canal },
      { preserveScroll: true }
    )
  }

  return (
    <Block title="Relances">
      {historique.length === 0 ? (
        <p className="text-body-secondary mb-3">Aucune relance pour cette facture.</p>
      ) : (
        <ul className="list-unstyled mb-3" data-testid="relances-historique">
          {historique.map((r) => (
            <li key={r.id} className="border-bottom py-2">
              <div className="d-flex flex-wrap justify-content-between gap-1">
                <strong>
                  {r.niveau}. {RELANCE_NIVEAU_LABELS[r.niveau]}
                </strong>
                <span>{formatDate(r.date_relance)}</span>
              </div>
              <div className="small text-body-secondary d-flex flex-wrap gap-2 align-items-center">
                <span>{RELANCE_CANAL_LABELS[r.canal]}</span>
                <MailState r={r} />
                {r.envoye_par && <span>par {r.envoye_par}</span>}
                <span>{formatEuros(r.total)}</span>
                <a
                  href={route('esi.relances.pdf', { id: r.id })}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
                  Lettre
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {prochaine && prochaine.due && (
        <div className="d-flex flex-wrap gap-2" data-testid="relance-actions">
          <button
            type="button"
            className="btn btn-warning"
            onClick={() => relancer('email')}
            data-testid="relancer"
          >
            <i className="bi bi-envelope-exclamation me-1" aria-hidden="true" />
            Relancer (niveau {prochaine.niveau})
          </button>
          <button
            type="button"
            className="btn btn-alt-secondary"
            onClick={() => relancer('courrier')}
            data-testid="relancer-courrier"
          >
            <i className="bi bi-mailbox me-1" aria-hidden="true" />
            Par courrier
          </button>
        </div>
      )}
      {prochaine && !prochaine.due && (
        <p className="small text-body-secondary mb-0">
          Prochaine relance (niveau {prochaine.niveau},{' '}
          {RELANCE_NIVEAU_LABELS[prochaine.niveau].toLowerCase()}) à partir du{' '}
          {formatDate(prochaine.due_le)}.
        </p>
      )}
    </Block>
  )
}
