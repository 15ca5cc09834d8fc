/*
 * The demo's books written through the real invoicing services (issue 11): acompte,
 * intermédiaire, solde and free factures created and issued by facture_service /
 * commande_factures, payments, allocations and refunds by paiement_service, notes de crédit by
 * note_credit_service — so every number, total, amount paid or credited and statut is the one
 * the app computes. Each step runs with luxon's clock set to its instant (the services date a
 * document "today"): steps are run in date order, so FAC- and NC- numbers follow the dates.
 *
 * The services open their own transactions: the seed must run inside the global transaction
 * (demo:seed and the tests do), whose savepoints they then become.
 */
import { Settings, type DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import Bdc from '#models/bdc'
import Facture from '#models/facture'
import NoteCredit from '#models/note_credit'
import { systemActor, type Actor } from '#services/actor'
import {
  createAcompteFacture,
  createFactureLibre,
  issueFacture,
} from '#services/factures/facture_service'
import { createIntermediaire, createSolde } from '#services/factures/commande_factures'
import db from '@adonisjs/lucid/services/db'
import { setEtapeStatut } from '#services/commandes/etapes'
import { createNoteCredit, issueNoteCredit } from '#services/notes_credit/note_credit_service'
import type { NcRequest } from '#services/notes_credit/note_credit_lignes'
import { recordPaiement } from '#services/paiements/paiement_service'
import { factureReste } from '#shared/factures'
import type { PaiementMode } from '#shared/paiements'
import type { LigneData } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'

/** Runs `fn` with luxon's clock at `instant` (DateTime.now(), today(), Lucid's timestamps). */
export async function atInstant<T>(instant: DateTime, fn: () => Promise<T>): Promise<T> {
  const saved = Settings.now
  const ms = instant.toMillis()
  Settings.now = () => ms
  try {
    return await fn()
  } finally {
    Settings.now = saved
  }
}

/** A valid Belgian IBAN per payer (BE + check + bank 3 digits, account 7, check 2). */
export function demoIban(n: number): string {
  const base = `363${String(1_000_000 + ((n * 7_919) % 9_000_000)).padStart(7, '0')}`
  const bbanCheck = Number(BigInt(base) % 97n) || 97
  const bban = `${base}${String(bbanCheck).padStart(2, '0')}`
  // "BE" = 11 14, moved after the BBAN with "00" for the check
  const check = 98 - Number(BigInt(`${bban}111400`) % 97n)
  return `BE${String(check).padStart(2, '0')}${bban}`
}

type Step = { at: DateTime; order: number; run: () => Promise<void> }

export type PaymentPlan = {
  mode: PaiementMode
  /** Cents; by default what the facture still asks. */
  montant?: number
  /** Only this share of what the facture asks, rounded down to the euro (a part payment). */
  part?: number
}

/** The plan of the demo's year, as steps; `run()` plays them in date order. */
export class DemoBooks {
  readonly factures = new Map<string, Facture>()
  readonly notes = new Map<string, NoteCredit>()
  private steps: Step[] = []
  private actor: Actor

  constructor(
    private trx: TransactionClientContract,
    private user: User
  ) {
    this.actor = systemActor(user)
  }

  private keys = 0

  /** A fixed idempotency key per payment (a UUID, deterministic). */
  private nextKey() {
    return `00000000-0000-4000-8000-${String(++this.keys).padStart(12, '0')}`
  }

  private add(at: DateTime, run: () => Promise<void>) {
    this.steps.push({ at: at.setZone(TIME_ZONE), order: this.steps.length, run })
  }

  async run() {
    const steps = [...this.steps].sort(
      (a, b) => a.at.toMillis() - b.at.toMillis() || a.order - b.order
    )
    for (const step of steps) await atInstant(step.at, step.run)
    this.steps = []
  }

  facture(key: string): Facture {
    const f = this.factures.get(key)
    if (!f) throw new Error(`Facture de démonstration inconnue : ${key}`)
    return f
  }

  private async reload(key: string) {
    const f = await Facture.findOrFail(this.facture(key).id, { client: this.trx })
    this.factures.set(key, f)
    return f
  }

  private async issue(key: string) {
    const f = await this.reload(key)
    await issueFacture(this.actor, {
      factureId: f.id,
      lockVersion: f.lockVersion,
      userId: this.user.id,
    })
    await this.reload(key)
  }

  private async bdcVersion(bdcId: number) {
    const bdc = await Bdc.findOrFail(bdcId, { client: this.trx })
    return bdc.lockVersion
  }

  /** The acompte facture of a signed bdc, drafted at `at` and issued then unless `draft`. */
  acompte(key: string, bdcId: number, at: DateTime, draft = false) {
    this.add(at, async () => {
      const f = await createAcompteFacture(this.actor, {
        bdcId,
        lockVersion: await this.bdcVersion(bdcId),
        userId: this.user.id,
      })
      this.factures.set(key, f)
      if (!draft) await this.issue(key)
    })
  }

  /** A facture intermédiaire of `pct` % of the commande, issued at `at`. */
  intermediaire(key: string, commande: { id: number; bdcId: number }, pct: string, at: DateTime) {
    this.add(at, async () => {
      const f = await createIntermediaire(this.actor, {
        commandeId: commande.id,
        lockVersion: await this.bdcVersion(commande.bdcId),
        userId: this.user.id,
        pct,
      })
      this.factures.set(key, f)
      await this.issue(key)
    })
  }

  /** The solde of the commande (earlier factures deducted), issued at `at` unless `draft`. */
  solde(key: string, commande: { id: number; bdcId: number }, at: DateTime, draft = false) {
    this.add(at, async () => {
      // Issue 12: the solde follows the réception (the steps up to the pose are done)
      await db.transaction(async (trx) => {
        for (const etape of ['mesurage', 'approvisionnement', 'fourniture', 'pose'] as const) {
          await setEtapeStatut(trx, this.actor, commande.id, etape, 'faite', 'démo')
        }
      })
      const f = await createSolde(this.actor, {
        commandeId: commande.id,
        lockVersion: await this.bdcVersion(commande.bdcId),
        userId: this.user.id,
      })
      this.factures.set(key, f)
      if (!draft) await this.issue(key)
    })
  }

  /** A free facture (SAV, repairs) for a client, issued at `at`. */
  libre(key: string, clientId: number, objet: string, lignes: LigneData[], at: DateTime) {
    this.add(at, async () => {
      const f = await createFactureLibre(this.actor, {
        clientId,
        objet,
        lignes,
        userId: this.user.id,
      })
      this.factures.set(key, f)
      await this.issue(key)
    })
  }

  /**
   * A receipt from the facture's client at `at`: by transfer with its structured communication
   * (from the payer's account), or at the counter. What is not allocated stays his credit.
   */
  pay(
    key: string,
    at: DateTime,
    plan: PaymentPlan,
    extra: { demandePaiementId?: number; reference?: string } = {}
  ) {
    this.add(at, async () => {
      const f = await this.reload(key)
      const reste = factureReste({
        total_ttc: f.totalTtc,
        montant_paye: f.montantPaye,
        montant_credite: f.montantCredite,
      })
      const montant =
        plan.montant ?? (plan.part ? Math.floor((reste * plan.part) / 100) * 100 : reste)
      const alloue = Math.min(montant, reste)
      const virement = plan.mode === 'virement'
      await recordPaiement(this.actor, {
        clientId: f.clientId,
        date: at.setZone(TIME_ZONE),
        montant,
        mode: plan.mode,
        reference: virement ? (extra.reference ?? f.communication) : null,
        compte: virement ? demoIban(f.clientId) : null,
        idempotencyKey: this.nextKey(),
        allocations: alloue > 0 ? [{ factureId: f.id, montant: alloue }] : [],
        demandePaiementId: extra.demandePaiementId ?? null,
        userId: this.user.id,
      })
      await this.reload(key)
    })
  }

  /** A refund by transfer of the client's credit (amount and reference known when it runs). */
  refund(clientId: number, at: DateTime, what: () => { montant: number; reference: string }) {
    this.add(at, async () => {
      const { montant, reference } = what()
      await recordPaiement(this.actor, {
        clientId,
        date: at.setZone(TIME_ZONE),
        montant: -montant,
        mode: 'virement',
        reference,
        compte: demoIban(clientId),
        idempotencyKey: this.nextKey(),
        allocations: [],
        userId: this.user.id,
      })
    })
  }

  /** A note de crédit on an issued facture, drafted and issued at `at`. */
  noteCredit(
    key: string,
    factureKey: string,
    at: DateTime,
    motif: string,
    request: (f: Facture) => Promise<NcRequest> | NcRequest
  ) {
    this.add(at, async () => {
      const f = await this.reload(factureKey)
      const draft = await createNoteCredit(this.actor, {
        ...(await request(f)),
        factureId: f.id,
        motif,
        userId: this.user.id,
      })
      const saved = await NoteCredit.findOrFail(draft.id, { client: this.trx })
      const nc = await issueNoteCredit(this.actor, {
        noteCreditId: saved.id,
        lockVersion: saved.lockVersion,
        userId: this.user.id,
      })
      this.notes.set(key, nc)
      await this.reload(factureKey)
    })
  }

  /** Anything else at its instant (a commande marked finished). */
  at(at: DateTime, run: () => Promise<void>) {
    this.add(at, run)
  }
}
