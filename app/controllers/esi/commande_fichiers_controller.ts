import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import CommandeFichier from '#models/commande_fichier'
import MesureLigne from '#models/mesure_ligne'
import { findCommande } from '#services/commandes/commande_service'
import {
  fichierItem,
  fichierStored,
  storeCommandePhoto,
} from '#services/commandes/commande_fichiers'
import { sendFile } from '#services/http/file_response'
import { parseId } from '#services/route_params'
import { fieldError } from '#services/field_error'
import { NotFoundException } from '#exceptions/http_exceptions'
import { commandePhotoValidator, PHOTO_MESSAGES } from '#validators/commande_fichiers'

const policy = new CommandePolicy()

/** The photos and documents of a commande (issue 12): upload a photo, read a file back. */
export default class CommandeFichiersController {
  async store(ctx: HttpContext) {
    const { request, response, session, auth, params } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommande(params.id)
    const input = await request.validateUsing(commandePhotoValidator)
    if (input.mesure_ligne_id) {
      // A row of another commande's sheet is not this commande's: 404, as for any foreign id
      const ligne = await MesureLigne.query()
        .join('mesures', 'mesures.id', 'mesure_lignes.mesure_id')
        .where('mesure_lignes.id', input.mesure_ligne_id)
        .where('mesures.commande_id', commande.id)
        .first()
      if (!ligne) throw new NotFoundException()
    }
    const row = await storeCommandePhoto(null, {
      commandeId: commande.id,
      etape: input.etape ?? null,
      file: input.fichier,
      moment: input.moment ?? null,
      mesureLigneId: input.mesure_ligne_id ?? null,
      legende: input.legende ?? null,
      auteurId: auth.user!.id,
    })
    if (!row) fieldError('fichier', PHOTO_MESSAGES.content)
    if (request.accepts(['html', 'json']) === 'json') {
      return response.created({ fichier: fichierItem(row) })
    }
    session.flash('success', 'Photo enregistrée.')
    return response.redirect().back()
  }

  async show({ params, request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommande(params.id)
    const id = parseId(params.fichier)
    const row = id
      ? await CommandeFichier.query().where({ id, commandeId: commande.id }).first()
      : null
    if (!row) throw new NotFoundException()
    const vignette = request.input('vignette') === '1'
    await sendFile(response, fichierStored(row, vignette), {
      filename: `${commande.numero}-${row.id}${vignette ? '-vignette' : ''}`,
      cacheControl: 'private, max-age=3600',
    })
  }
}
