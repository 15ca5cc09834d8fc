import { useState } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import CfStatutBadge from '../../../components/commande_fournisseur/CfStatutBadge.js'
import PhotoUpload, {
  PhotoThumbs,
  type UploadedFichier,
} from '../../../components/commande/PhotoUpload.js'
import { formatDate, todayIso } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import {
  ETAPE_STATUT_BADGES,
  ETAPE_STATUT_LABELS,
  type Etape,
  type EtapeStatut,
} from '@shared/commande_etapes'
import {
  CF_ATTENDUES,
  LIVRAISON_ETAT_LABELS,
  LIVRAISON_ETATS,
  formatQuantite,
  fromMilli,
  toMilli,
  type CfCommandeHeader,
  type CfDetail,
  type LivraisonEtat,
} from '@shared/commandes_fournisseur'

export type FournitureShowProps = {
  commande: CfCommandeHeader
  etapes: Record<Etape, EtapeStatut>
  gates: { approvisionnement: string | null; fourniture: string | null }
  commandes_fournisseur: CfDetail[]
  today: string
}

/**
 * esi/fourniture Show: receiving a commande's supplier orders on site or at the depot (issue 12
 * §4), made for a phone: per line the quantity that arrived (numeric keyboard), its state in
 * three large buttons, a remark for a damaged or missing one; partial deliveries welcome.
 */
export default function FournitureShow({
  commande,
  etapes,
  gates,
  commandes_fournisseur,
}: FournitureShowProps) {
  return (
    <>
      <Head title={`Réception — ${commande.numero}`} />
      <PageHeader
        title={`Réception — ${commande.numero}`}
        subtitle={commande.client_nom}
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: 'Fourniture', href: route('esi.fourniture.index') },
          { label: commande.numero },
        ]}
      />
      <div className="content">
        <p className="mb-2">
          Fourniture :{' '}
          <span
            className={`badge text-bg-${ETAPE_STATUT_BADGES[etapes.fourniture]}`}
            data-testid="etape-fourniture"
          >
            {ETAPE_STATUT_LABELS[etapes.fourniture]}
          </span>{' '}
          <Link
            href={route('esi.production.show', { commandeId: commande.id })}
            className="small ms-2"
          >
            Commandes fournisseur
          </Link>
        </p>
        {gates.fourniture && (
          <div className="alert alert-warning py-2" role="status">
            {gates.fourniture}
          </div>
        )}
        {etapes.fourniture === 'faite' && (
          <div className="alert alert-success py-2" role="status">
            Toute la marchandise est reçue : la pose peut être planifiée.
          </div>
        )}
        {commandes_fournisseur.length === 0 && (
          <p className="text-body-secondary">Aucune commande fournisseur envoyée.</p>
        )}
        {commandes_fournisseur.map((cf) => (
          // After each receipt a fresh form with what is still expected
          <ReceptionCard key={`${cf.id}:${cf.lock_version}`} cf={cf} />
        ))}
      </div>
    </>
  )
}

type LigneState = {
  inclure: boolean
  quantite: string
  etat: LivraisonEtat
  remarque: string
  /** The photo of the damage, uploaded first (the last one taken). */
  photo: UploadedFichier | null
}

function restantOf(l: CfDetail['lignes'][number]) {
  return toMilli(l.quantite) - toMilli(l.quantite_recue)
}

function ReceptionCard({ cf }: { cf: CfDetail }) {
  const open = CF_ATTENDUES.includes(cf.statut) || cf.statut === 'recue'
  const [date, setDate] = useState(todayIso())
  const [bl, setBl] = useState('')
  const [busy, setBusy] = useState(false)
  const [lignes, setLignes] = useState<Record<number, LigneState>>(() =>
    Object.fromEntries(
      cf.lignes.map((l) => [
        l.id,
        {
          inclure: restantOf(l) > 0,
          quantite: formatQuantite(fromMilli(Math.max(restantOf(l), 0)) || '0'),
          etat: 'ok' as LivraisonEtat,
          remarque: '',
          photo: null,
        },
      ])
    )
  )
  const set = (id: number, patch: Partial<LigneState>) =>
    setLignes((ls) => ({ ...ls, [id]: { ...ls[id], ...patch } }))
  const chosen = cf.lignes.filter((l) => lignes[l.id].inclure)

  function enregistrer() {
    router.post(
      route('esi.commandes_fournisseur.livraisons.store', { id: cf.id }),
      {
        date_livraison: date,
        bon_livraison: bl || null,
        lignes: chosen.map((l) => ({
          ligne_id: l.id,
          quantite: Number(lignes[l.id].quantite.replace(',', '.')),
          etat: lignes[l.id].etat,
          remarque: lignes[l.id].remarque || null,
          fichier_id: lignes[l.id].photo?.id ?? null,
        })),
      },
      { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) }
    )
  }

  return (
    <Block
      title={
        <>
          {cf.numero} — {cf.fournisseur_nom}{' '}
          <CfStatutBadge statut={cf.statut} retard={cf.en_retard} />
        </>
      }
    >
      <div data-testid="reception-card" data-cf-id={cf.id}>
        <p className="small text-body-secondary mb-2">
          {cf.date_livraison_confirmee
            ? `Livraison confirmée le ${formatDate(cf.date_livraison_confirmee)}`
            : 'Date de livraison non confirmée'}
        </p>
        <ul className="list-unstyled mb-3">
          {cf.lignes.map((l) => {
            const s = lignes[l.id]
            const restant = restantOf(l)
            return (
              <li key={l.id} className="border rounded p-2 mb-2" data-testid="reception-ligne">
                <div className="form-check mb-1">
                  <input
                    id={`inc-${l.id}`}
                    type="checkbox"
                    className="form-check-input"
                    checked={s.inclure}
                    disabled={!open}
                    onChange={(e) => set(l.id, { inclure: e.target.checked })}
                  />
                  <label className="form-check-label fw-semibold" htmlFor={`inc-${l.id}`}>
                    {l.designation}
                  </label>
                </div>
                <div className="small text-body-secondary mb-2">
                  Reçu {formatQuantite(l.quantite_recue)} / {formatQuantite(l.quantite)}
                  {restant > 0
                    ? ` — encore attendu : ${formatQuantite(fromMilli(restant))}`
                    : ' — complet'}
                </div>
                {s.inclure && open && (
                  <div className="row g-2">
                    <div className="col-4">
                      <label className="form-label small mb-1" htmlFor={`q-${l.id}`}>
                        Quantité
                      </label>
                      <input
                        id={`q-${l.id}`}
                        className="form-control form-control-lg text-end"
                        inputMode="decimal"
                        value={s.quantite}
                        onChange={(e) => set(l.id, { quantite: e.target.value })}
                      />
                    </div>
                    <div className="col-8">
                      <span className="form-label small mb-1 d-block">État</span>
                      <div className="btn-group w-100" role="group" aria-label="État">
                        {LIVRAISON_ETATS.map((etat) => (
                          <button
                            key={etat}
                            type="button"
                            className={`btn btn-lg px-1 ${
                              s.etat === etat
                                ? etat === 'ok'
                                  ? 'btn-success'
                                  : 'btn-danger'
                                : 'btn-outline-secondary'
                            }`}
                            aria-pressed={s.etat === etat}
                            onClick={() => set(l.id, { etat })}
                            style={{ fontSize: '0.85rem' }}
                          >
                            {etat === 'ok' ? 'OK' : LIVRAISON_ETAT_LABELS[etat]}
                          </button>
                        ))}
                      </div>
                    </div>
                    {s.etat !== 'ok' && (
                      <div className="col-12">
                        <label className="form-label small mb-1" htmlFor={`r-${l.id}`}>
                          Remarque (ou photo)
                        </label>
                        <textarea
                          id={`r-${l.id}`}
                          className="form-control"
                          rows={2}
                          value={s.remarque}
                          onChange={(e) => set(l.id, { remarque: e.target.value })}
                        />
                        <div className="mt-2">
                          <PhotoUpload
                            commandeId={cf.commande_id}
                            etape="fourniture"
                            label={s.photo ? 'Remplacer la photo' : 'Photo du problème'}
                            onUploaded={(fichier) => set(l.id, { photo: fichier })}
                          />
                          {s.photo && (
                            <PhotoThumbs commandeId={cf.commande_id} fichiers={[s.photo]} />
                          )}
                        </div>
                      </div>
                    )}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
        {open && (
          <>
            <div className="row g-2 mb-3">
              <div className="col-6">
                <label className="form-label small mb-1" htmlFor={`d-${cf.id}`}>
                  Date de livraison
                </label>
                <input
                  id={`d-${cf.id}`}
                  type="date"
                  className="form-control form-control-lg"
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                />
              </div>
              <div className="col-6">
                <label className="form-label small mb-1" htmlFor={`bl-${cf.id}`}>
                  N° bon de livraison
                </label>
                <input
                  id={`bl-${cf.id}`}
                  className="form-control form-control-lg"
                  value={bl}
                  onChange={(e) => setBl(e.target.value)}
                />
              </div>
            </div>
            <button
              type="button"
              className="btn btn-primary btn-lg w-100"
              disabled={busy || chosen.length === 0}
              onClick={enregistrer}
              data-testid="reception-enregistrer"
            >
              <i className="bi bi-box-seam me-1" aria-hidden="true" />
              Enregistrer la livraison ({chosen.length} ligne{chosen.length > 1 ? 's' : ''})
            </button>
          </>
        )}
        {cf.livraisons.length > 0 && (
          <div className="mt-3">
            <h3 className="h6">Livraisons</h3>
            <ul className="small mb-0">
              {cf.livraisons.map((lv) => (
                <li key={lv.id}>
                  {formatDate(lv.date_livraison)}
                  {lv.bon_livraison ? ` — BL ${lv.bon_livraison}` : ''}
                  {lv.recue_par ? ` — ${lv.recue_par}` : ''} :{' '}
                  {lv.lignes
                    .map((x) => {
                      const l = cf.lignes.find((y) => y.id === x.ligne_id)
                      return `${formatQuantite(x.quantite)} × ligne ${l?.position ?? '?'} ${
                        x.etat === 'ok'
                          ? ''
                          : `(${LIVRAISON_ETAT_LABELS[x.etat].toLowerCase()}${x.remarque ? ` : ${x.remarque}` : ''})`
                      }`
                    })
                    .join(', ')}
                  <PhotoThumbs
                    commandeId={cf.commande_id}
                    fichiers={lv.lignes
                      .filter((x) => x.fichier_id)
                      .map((x) => ({
                        id: x.fichier_id!,
                        nom: `Photo ligne ${x.ligne_id}`,
                        legende: x.remarque,
                      }))}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Block>
  )
}
