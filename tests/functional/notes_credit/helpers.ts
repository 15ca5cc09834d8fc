/*
 * Helpers of the note de crédit and payment tests: an issued free facture (two lines at 21 %),
 * a note de crédit made and issued through the services, a payment recorded as the form does.
 */
import { randomUUID } from 'node:crypto'
import { systemActor } from '#services/actor'
import NoteCredit from '#models/note_credit'
import type Facture from '#models/facture'
import {
  createNoteCredit,
  issueNoteCredit,
  type CreateNoteCreditInput,
} from '#services/notes_credit/note_credit_service'
import { recordPaiement, type Allocation } from '#services/paiements/paiement_service'
import { issued } from '#tests/functional/factures/helpers'
import { today } from '#services/documents/numbering'

export { issued }

export async function ncDraft(
  facture: Facture,
  request: Omit<CreateNoteCreditInput, 'factureId' | 'userId' | 'motif'> & { motif?: string }
) {
  const nc = await createNoteCredit(systemActor(), {
    motif: 'Geste commercial',
    ...request,
    factureId: facture.id,
    userId: null,
  })
  return NoteCredit.findOrFail(nc.id)
}

export async function ncIssued(
  facture: Facture,
  request: Omit<CreateNoteCreditInput, 'factureId' | 'userId' | 'motif'> & { motif?: string }
) {
  const draft = await ncDraft(facture, request)
  await issueNoteCredit(systemActor(), {
    noteCreditId: draft.id,
    lockVersion: draft.lockVersion,
    userId: null,
  })
  return NoteCredit.findOrFail(draft.id)
}

export async function pay(
  clientId: number,
  montant: number,
  allocations: Allocation[] = [],
  key = randomUUID()
) {
  return recordPaiement(systemActor(), {
    clientId,
    date: today(),
    montant,
    mode: 'virement',
    reference: null,
    compte: null,
    idempotencyKey: key,
    allocations,
    userId: null,
  })
}
