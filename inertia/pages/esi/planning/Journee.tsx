/*
 * esi/planning Journee (issue 13 §5): « Ma journée » on a phone (390 px first) — the logged-in
 * person's visits of a day in time order, each with the way there (the phone's navigation app),
 * the customer's phone, the measurement sheet or the pose/réception page, and « Marquer
 * réalisée »; the previous/next day; the card to subscribe a phone calendar to his ICS feed.
 */
import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import { route } from '../../../lib/route.js'
import { http } from '../../../lib/http.js'
import { toast } from '../../../lib/toast.js'
import { errorMessage } from '../../../components/planning/error_message.js'
import { confirm } from '../../../lib/dialogs/index.js'
import { formatDate, formatDateTime } from '../../../lib/format.js'
import { formatTime } from '@shared/dates'
import {
  NATURE_COULEURS,
  NATURE_LABELS,
  PLANIF_STATUT_BADGES,
  PLANIF_STATUT_LABELS,
  type PlanificationDto,
} from '@shared/planning'
import {
  navigationUrl,
  telUrl,
  type IcsEtat,
  type JourneePageProps,
} from '@shared/planning_journee'

/** « mardi 01/12/2026 » of a yyyy-mm-dd day. */
function jourLong(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('fr-BE', {
    weekday: 'long',
    timeZone: 'UTC',
  })
  return `${weekday} ${formatDate(date)}`
}

const ACTION_ECHOUEE = 'L’action a échoué. Réessayez.'

function Horaire({ visite }: { visite: PlanificationDto }) {
  const debut = formatTime(visite.debut)
  const fin = formatTime(visite.fin)
  const autreJour = formatDate(visite.debut) !== formatDate(visite.fin)
  return (
    <span className="fw-bold fs-5" data-testid="journee-horaire">
      {debut} – {autreJour ? `${formatDate(visite.fin)} ${fin}` : fin}
    </span>
  )
}

function VisiteCard({ visite, onDone }: { visite: PlanificationDto; onDone: () => void }) {
  const [busy, setBusy] = useState(false)
  const nav = navigationUrl(visite.adresse, visite.latitude, visite.longitude)
  const tel = telUrl(visite.client?.telephone)
  const commandeId = visite.commande?.id ?? null

  async function realisee() {
    const ok = await confirm({
      title: 'Marquer la visite réalisée ?',
      text: visite.titre,
      icon: 'question',
      confirmText: 'Marquer réalisée',
    })
    if (!ok) return
    setBusy(true)
    try {
      await http.post(route('esi.planifications.statut', { id: visite.id }), {
        lock_version: visite.lockVersion,
        statut: 'realisee',
      })
      await toast('success', 'Visite marquée réalisée.')
      onDone()
    } catch (error) {
      await toast('error', errorMessage(error, ACTION_ECHOUEE))
      onDone()
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="card mb-3 shadow-sm" data-testid="journee-visite" data-id={visite.id}>
      <div className="card-body d-grid gap-2">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Horaire visite={visite} />
          <span
            className="badge text-white"
            style={{ backgroundColor: NATURE_COULEURS[visite.nature] }}
            data-testid="journee-nature"
          >
            {NATURE_LABELS[visite.nature]}
          </span>
          {visite.statut !== 'planifiee' && (
            <span
              className={`badge text-bg-${PLANIF_STATUT_BADGES[visite.statut]}`}
              data-testid="journee-statut"
            >
              {PLANIF_STATUT_LABELS[visite.statut]}
            </span>
          )}
        </div>
        <h2 className="fs-6 fw-semibold mb-0 text-break">{visite.titre}</h2>
        {(visite.commande || (visite.client && !visite.titre.includes(visite.client.nom))) && (
          <div className="text-break">
            <i className="bi bi-person me-1" aria-hidden="true" />
            {visite.client && !visite.titre.includes(visite.client.nom) && visite.client.nom}
            {visite.commande && (
              <span className="text-body-secondary"> {visite.commande.numero}</span>
            )}
          </div>
        )}
        {visite.adresse &&
          (nav ? (
            <a
              href={nav}
              className="btn btn-alt-primary text-start text-break"
              target="_blank"
              rel="noopener noreferrer"
              data-testid="journee-navigation"
            >
              <i className="bi bi-sign-turn-right me-2" aria-hidden="true" />
              {visite.adresse}
              <span className="visually-hidden">
                {' '}
                (itinéraire dans l’application de navigation)
              </span>
            </a>
          ) : (
            <div className="text-break">{visite.adresse}</div>
          ))}
        {visite.notes && (
          <p className="small mb-0 text-body-secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {visite.notes}
          </p>
        )}
        <div className="d-grid gap-2 d-sm-flex flex-sm-wrap">
          {tel && (
            <a href={tel} className="btn btn-alt-success" data-testid="journee-tel">
              <i className="bi bi-telephone me-2" aria-hidden="true" />
              Appeler {visite.client?.telephone}
            </a>
          )}
          {visite.nature === 'mesurage' && commandeId !== null && (
            <Link
              href={route('esi.mesurage.show', { id: commandeId })}
              className="btn btn-alt-secondary"
              data-testid="journee-mesurage"
            >
              <i className="bi bi-rulers me-2" aria-hidden="true" />
              Feuille de mesurage
            </Link>
          )}
          {visite.nature === 'pose' && commandeId !== null && (
            <Link
              href={route('esi.commandes.pose', { id: commandeId })}
              className="btn btn-alt-secondary"
              data-testid="journee-reception"
            >
              <i className="bi bi-pen me-2" aria-hidden="true" />
              Réception
            </Link>
          )}
          {visite.statut === 'planifiee' && (
            <button
              type="button"
              className="btn btn-success"
              onClick={realisee}
              disabled={busy}
              data-testid="journee-realisee"
            >
              <i className="bi bi-check2-circle me-2" aria-hidden="true" />
              Marquer réalisée
            </button>
          )}
        </div>
      </div>
    </li>
  )
}

function AbonnementIcs({ initial }: { initial: IcsEtat }) {
  const [etat, setEtat] = useState(initial)
  const [url, setUrl] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [copied, setCopied] = useState(false)

  async function creer() {
    if (etat.actif) {
      const ok = await confirm({
        title: 'Générer une nouvelle adresse ?',
        text: 'L’adresse actuelle cessera de fonctionner : les agendas abonnés devront utiliser la nouvelle.',
        confirmText: 'Générer',
      })
      if (!ok) return
    }
    setBusy(true)
    try {
      const answer = await http.post<{ url: string; ics: IcsEtat }>(route('esi.planning.ics_creer'))
      setUrl(answer.url)
      setEtat(answer.ics)
    } catch (error) {
      await toast('error', errorMessage(error, ACTION_ECHOUEE))
    } finally {
      setBusy(false)
    }
  }

  async function revoquer() {
    const ok = await confirm({
      title: 'Désactiver l’abonnement ?',
      text: 'Les agendas abonnés ne recevront plus vos visites.',
      confirmText: 'Désactiver',
      danger: true,
    })
    if (!ok) return
    setBusy(true)
    try {
      const answer = await http.post<{ ics: IcsEtat }>(route('esi.planning.ics_revoquer'))
      setUrl(null)
      setEtat(answer.ics)
      await toast('success', 'Abonnement désactivé.')
    } catch (error) {
      await toast('error', errorMessage(error, ACTION_ECHOUEE))
    } finally {
      setBusy(false)
    }
  }

  async function copy() {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      // Clipboard refused (insecure context): the field stays selectable by hand
      document.querySelector<HTMLInputElement>('#ics-url')?.select()
    }
  }

  return (
    <Block title="Abonner mon agenda">
      <div data-testid="journee-ics">
        <p className="small">
          Vos visites (30 jours passés, 180 jours à venir) dans l’agenda de votre téléphone :
          ajoutez un abonnement avec cette adresse secrète. Ne la partagez pas.
        </p>
        {url && (
          <div className="mb-3">
            <label htmlFor="ics-url" className="form-label small fw-semibold">
              Votre adresse (affichée une seule fois)
            </label>
            <div className="input-group">
              <input
                id="ics-url"
                className="form-control form-control-sm"
                value={url}
                readOnly
                onFocus={(e) => e.target.select()}
                data-testid="journee-ics-url"
              />
              <button type="button" className="btn btn-sm btn-alt-primary" onClick={copy}>
                <i
                  className={`bi ${copied ? 'bi-clipboard-check' : 'bi-clipboard'} me-1`}
                  aria-hidden="true"
                />
                {copied ? 'Copié' : 'Copier'}
              </button>
            </div>
            <span className="visually-hidden" role="status">
              {copied ? 'Adresse copiée dans le presse-papiers' : ''}
            </span>
          </div>
        )}
        <p className="small text-body-secondary" data-testid="journee-ics-etat">
          {etat.actif
            ? `Abonnement actif depuis le ${formatDateTime(etat.creeLe)}${etat.utiliseLe ? `, dernière lecture le ${formatDateTime(etat.utiliseLe)}` : ', pas encore lu'}.`
            : 'Aucun abonnement actif.'}
        </p>
        <div className="d-grid gap-2 d-sm-flex">
          <button
            type="button"
            className="btn btn-alt-primary"
            onClick={creer}
            disabled={busy}
            data-testid="journee-ics-creer"
          >
            <i className="bi bi-calendar-plus me-2" aria-hidden="true" />
            {etat.actif ? 'Générer une nouvelle adresse' : 'Créer mon adresse d’abonnement'}
          </button>
          {etat.actif && (
            <button
              type="button"
              className="btn btn-alt-danger"
              onClick={revoquer}
              disabled={busy}
              data-testid="journee-ics-revoquer"
            >
              <i className="bi bi-x-circle me-2" aria-hidden="true" />
              Désactiver
            </button>
          )}
        </div>
      </div>
    </Block>
  )
}

export default function PlanningJournee({
  date,
  today,
  precedent,
  suivant,
  visites,
  ics,
}: JourneePageProps) {
  const reload = () => router.reload({ only: ['visites'] })
  const dayUrl = (d: string) => route('esi.planning.journee', {}, d === today ? {} : { date: d })
  return (
    <>
      <Head title="Ma journée" />
      <PageHeader
        title="Ma journée"
        subtitle={<span data-testid="journee-date">{jourLong(date)}</span>}
        breadcrumb={[{ label: 'Planning' }, { label: 'Ma journée' }]}
      />
      <div className="content">
        <nav className="d-flex gap-2 mb-3" aria-label="Changer de jour">
          <Link
            href={dayUrl(precedent)}
            className="btn btn-alt-secondary"
            data-testid="journee-precedent"
          >
            <i className="bi bi-chevron-left" aria-hidden="true" />
            <span className="ms-1">Veille</span>
          </Link>
          {date !== today && (
            <Link href={dayUrl(today)} className="btn btn-alt-secondary flex-grow-1">
              Aujourd’hui
            </Link>
          )}
          <Link
            href={dayUrl(suivant)}
            className="btn btn-alt-secondary ms-auto"
            data-testid="journee-suivant"
          >
            <span className="me-1">Lendemain</span>
            <i className="bi bi-chevron-right" aria-hidden="true" />
          </Link>
        </nav>
        {visites.length ? (
          <ol className="list-unstyled mb-4" data-testid="journee-visites">
            {visites.map((v) => (
              <VisiteCard key={v.id} visite={v} onDone={reload} />
            ))}
          </ol>
        ) : (
          <p className="alert alert-info" data-testid="journee-vide">
            Aucune visite ce jour-là.
          </p>
        )}
        <AbonnementIcs initial={ics} />
      </div>
    </>
  )
}
