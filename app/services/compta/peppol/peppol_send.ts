/*
 * « Envoyer via Peppol » (issue 11 §5, decision 279): the issued facture's checked UBL — the very
 * file « UBL » downloads — handed to the configured access point, once. The attempt is reserved
 * first (a row `en_cours`, unique per facture with `envoye`), so two clicks never send twice:
 * the second is told when it was sent. A failure of the access point is recorded as `echec`
 * with its French message and nothing counts as sent; the user may try again.
 */
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import type User from '#models/user'
import Facture from '#models/facture'
import { audit } from '#services/audit'
import { factureUbl, ublEligible } from '#services/factures/facture_ubl'
import { peppolAdapter } from '#services/compta/peppol/adapter'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { formatDateTime } from '#shared/dates'
import type { FacturePeppol } from '#shared/peppol'

type EnvoiRow = {
  statut: 'en_cours' | 'envoye' | 'echec'
  adapter: string
  message_id: string | null
  envoye_le: Date | null
  created_at: Date
  envoye_par_nom: string | null
}

function liveEnvoi(factureId: number): Promise<EnvoiRow | null> {
  return db
    .from('peppol_envois')
    .leftJoin('users', 'users.id', 'peppol_envois.envoye_par')
    .where('peppol_envois.facture_id', factureId)
    .whereIn('peppol_envois.statut', ['en_cours', 'envoye'])
    .select('peppol_envois.*', 'users.name as envoye_par_nom')
    .first()
}

export async function facturePeppol(facture: Facture): Promise<FacturePeppol> {
  const row = facture.numero ? await liveEnvoi(facture.id) : null
  return {
    disponible: peppolAdapter() !== null && ublEligible(facture),
    envoi:
      row?.statut === 'envoye' && row.envoye_le
        ? {
            adapter: row.adapter,
            envoye_le: row.envoye_le.toISOString(),
            envoye_par: row.envoye_par_nom,
            message_id: row.message_id,
          }
        : null,
  }
}

function alreadySent(numero: string, row: EnvoiRow): never {
  const message =
    row.statut === 'envoye'
      ? `La facture ${numero} a déjà été envoyée via Peppol le ${formatDateTime(row.envoye_le)}${row.envoye_par_nom ? ` par ${row.envoye_par_nom}` : ''} : elle n’est pas envoyée une seconde fois.`
      : `L’envoi Peppol de la facture ${numero} est en cours depuis le ${formatDateTime(row.created_at)} : attendez son résultat.`
  throw new AppException(message, { status: 409 })
}

export async function sendFactureViaPeppol(actor: Actor, factureId: number, user: User) {
  const adapter = peppolAdapter()
  if (!adapter) {
    throw new AppException(
      'Aucun point d’accès Peppol n’est configuré : téléchargez le fichier UBL et joignez-le à l’e-mail.',
      { status: 409 }
    )
  }
  const facture = await Facture.find(factureId)
  if (!facture) throw new NotFoundException()
  const previous = facture.numero ? await liveEnvoi(facture.id) : null
  if (previous) alreadySent(facture.numero!, previous)
  // Checked against the rules (422 otherwise): the same file as « UBL »
  const file = await factureUbl(facture.id)

  const { rows } = await db.rawQuery(
    `INSERT INTO peppol_envois (facture_id, adapter, statut, envoye_par, created_at, updated_at)
     VALUES (?, ?, 'en_cours', ?, now(), now())
     ON CONFLICT (facture_id) WHERE facture_id IS NOT NULL AND statut IN ('en_cours', 'envoye')
     DO NOTHING RETURNING id`,
    [facture.id, adapter.name, user.id]
  )
  if (rows.length === 0) {
    const row = await liveEnvoi(facture.id)
    if (row) alreadySent(facture.numero!, row)
  }
  const envoiId = Number(rows[0].id)
  try {
    const { messageId } = await adapter.send(file)
    await db.from('peppol_envois').where('id', envoiId).update({
      statut: 'envoye',
      message_id: messageId,
      envoye_le: new Date(),
      updated_at: new Date(),
    })
    await audit(actor, {
      action: 'facture.peppol_envoyee',
      userId: user.id,
      subjectType: 'facture',
      subjectId: facture.id,
      after: { numero: facture.numero, adapter: adapter.name, message_id: messageId },
    })
    return { numero: facture.numero!, adapter: adapter.name, messageId }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await db
      .from('peppol_envois')
      .where('id', envoiId)
      .update({ statut: 'echec', erreur: message.slice(0, 2000), updated_at: new Date() })
    throw error
  }
}
