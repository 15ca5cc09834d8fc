/*
 * Demo of issue 12 §2 — one commande with a signed avenant: its validated measurement sheet
 * flags the first window (measured wider, one more piece), the avenant prepared from the bdc's
 * lines, the extra piece priced, a line added, presented and signed on the device — all through
 * the real services (app/services/avenants), so totals, differences, the mesurage step, the
 * demande de paiement of the acompte difference and the attached PDF are the app's.
 *
 * `mesureAvecEcarts` is also the tests' way to make a validated sheet with écarts (the sheet
 * itself is built by the mesurage part).
 */
import { randomUUID } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { systemActor } from '#services/actor'
import type { DemoBase } from '#database/demo/index'
import { changeAvenantStatut } from '#services/avenants/avenant_service'
import { prepareAvenant, saveAvenant } from '#services/avenants/avenant_brouillon'
import { signAvenant } from '#services/avenants/avenant_signature'
import { storeDrawnSignature } from '#services/bdc/signature_storage'
import Avenant from '#models/avenant'
import { demoCommandes } from '#database/demo/commandes_story'

type Client = TransactionClientContract | QueryClientContract

/**
 * A validated measurement sheet for the commande: one row per produit line of its bdc, the
 * first one flagged (largeur beyond the tolerance and one more piece) when `ecarts`; the
 * mesurage step « bloquee » (« Avenant à faire signer ») with écarts, « faite » without.
 */
export async function mesureAvecEcarts(
  client: Client,
  commandeId: number,
  options: { ecarts?: boolean; validee?: boolean } = {}
) {
  const withEcarts = options.ecarts ?? true
  const validee = options.validee ?? true
  const commande = await client.from('commandes').where('id', commandeId).firstOrFail()
  const lignes = await client
    .from('bdc_lignes')
    .where({ bdc_id: commande.bdc_id, type: 'produit' })
    .orderBy('position', 'asc')
  const [mesure] = await client
    .table('mesures')
    .insert({
      commande_id: commandeId,
      statut: validee ? 'validee' : 'brouillon',
      tolerance_mm: 10,
      validee_le: validee ? new Date() : null,
    })
    .returning('id')
  const mesureId = Number(mesure.id ?? mesure)
  for (const [i, l] of lignes.entries()) {
    const flagged = withEcarts && i === 0
    const quantite = Number(l.quantite)
    await client.table('mesure_lignes').insert({
      mesure_id: mesureId,
      bdc_ligne_id: l.id,
      client_uuid: randomUUID(),
      position: i + 1,
      repere: `R${i + 1}`,
      designation: l.designation,
      largeur_mm: flagged ? 1240 : 1200,
      hauteur_mm: 1400,
      quantite: flagged ? quantite + 1 : quantite,
      reference: JSON.stringify({ largeur_mm: 1200, hauteur_mm: 1400, quantite }),
      ecarts: JSON.stringify(
        flagged
          ? [
              {
                champ: 'largeur_mm',
                devis: '1200 mm',
                mesure: '1240 mm',
                message: 'Largeur différente de plus de 10 mm',
              },
              {
                champ: 'quantite',
                devis: String(quantite),
                mesure: String(quantite + 1),
                message: 'Quantité différente',
              },
            ]
          : []
      ),
    })
  }
  if (validee) {
    await client
      .from('commande_etapes')
      .where({ commande_id: commandeId, etape: 'mesurage' })
      .update(
        withEcarts
          ? { statut: 'bloquee', motif_blocage: 'Avenant à faire signer' }
          : { statut: 'faite', fin_reelle: new Date() }
      )
  }
  return mesureId
}

/** A handwritten-like stroke on a transparent 300 × 100 PNG (a drawn signature). */
export function avenantSignaturePng(): Buffer {
  const [w, h] = [300, 100]
  const stride = w * 4 + 1
  const raw = Buffer.alloc(stride * h)
  for (let x = 20; x < 280; x++) {
    const y = Math.round(50 + 25 * Math.sin(x / 14))
    for (let dy = -1; dy <= 1; dy++) {
      const o = (y + dy) * stride + 1 + x * 4
      raw.set([24, 40, 96, 255], o)
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export async function seedDemoAvenants(trx: TransactionClientContract, base: DemoBase) {
  // The commande database/demo/commandes_story.ts gives (no sheet yet: made here)
  const { role } = await demoCommandes(trx)
  if (!role.avenant_signe) return null
  const commande = await trx.from('commandes').where('id', role.avenant_signe).first()
  if (!commande) return null
  await mesureAvecEcarts(trx, commande.id)
  const actor = systemActor(base.users.esi)
  const userId = base.users.esi.id
  const draft = await prepareAvenant(actor, { commandeId: commande.id, userId })
  await draft.load('lignes')
  const lignes = draft.lignes.map((l) => ({ ...l.toData(), bdc_ligne_id: l.bdcLigneId }))
  lignes.push({
    type: 'produit',
    produit_id: null,
    designation: 'Élargissement de la baie (maçonnerie et finitions)',
    quantite: '1',
    unite: 'forfait',
    prix_unitaire_ht: 18_000,
    remise_pct: '0',
    taux_tva: 6,
    bdc_ligne_id: null,
  })
  const saved = await saveAvenant(actor, {
    commandeId: commande.id,
    avenantId: draft.id,
    lockVersion: draft.lockVersion,
    motif: 'Baie mesurée plus large et une fenêtre de plus',
    remiseGlobalePct: draft.remiseGlobalePct,
    lignes,
    userId,
  })
  const presented = await changeAvenantStatut(actor, {
    commandeId: commande.id,
    avenantId: saved.id,
    lockVersion: saved.lockVersion,
    transition: 'presenter',
    userId,
  })
  await signAvenant(actor, {
    commandeId: commande.id,
    avenantId: presented.id,
    lockVersion: presented.lockVersion,
    signataire: String(commande.client_nom || 'Client'),
    signaturePath: await storeDrawnSignature(avenantSignaturePng()),
    signatureMime: 'image/png',
    userId,
  })
  return Avenant.findOrFail(presented.id)
}
