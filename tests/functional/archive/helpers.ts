/*
 * Archived commandes for the archive's tests (issue 14 §4): a commande signed from a bdc of the
 * given client, objet and site address, then marked finished or cancelled on a given day (the
 * list reads those columns; the whole life of a finished file is the demo's, seeded in the
 * tests that need it).
 */
import db from '@adonisjs/lucid/services/db'
import Commande from '#models/commande'
import { systemActor } from '#services/actor'
import { signBdc } from '#services/commandes/sign_bdc'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'

export async function commandeArchivee(
  options: {
    clientNom?: string
    objet?: string
    adresse?: string
    statut?: 'terminee' | 'annulee' | 'en_cours'
    /** The day it ended (Brussels noon). */
    fin?: string
  } = {}
) {
  const bdc = await makeBdc({ clientNom: options.clientNom, objet: options.objet })
  await db
    .from('bdcs')
    .where('id', bdc.id)
    .update({ adresse_chantier: options.adresse ?? 'Rue de la Station 1, 1000 Bruxelles' })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Lambert',
    lieu: 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  const statut = options.statut ?? 'terminee'
  const fin = `${options.fin ?? '2026-05-15'}T12:00:00+02:00`
  await db
    .from('commandes')
    .where('id', commande.id)
    .update({
      statut,
      terminee_le: statut === 'terminee' ? fin : null,
      annulee_le: statut === 'annulee' ? fin : null,
      motif_annulation: statut === 'annulee' ? 'Doublon' : null,
    })
  return Commande.findOrFail(commande.id)
}
