import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import CommandeFichier from '#models/commande_fichier'
import MesureLigne from '#models/mesure_ligne'
import { findCommande } from '#services/commandes/commande_service'
import { fichierItem, fichierStored } from '#services/commandes/commande_fichiers'
import { storePhotos } from '#services/commandes/photo_upload'
import { receivePhotos } from '#services/http/photo_multipart'
import { sendFile } from '#services/http/file_response'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { commandePhotoValidator } from '#validators/commande_fichiers'

const policy = new CommandePolicy()

/** The photos and documents of a commande (issue 12): upload a photo, read a file back. */
export default class CommandeFichiersController {
  /**
   * One or several photos (decision 532): the commande found and the rights checked before a
   * byte of the body is read; each photo stored or refused on its own.
   */
  async store(ctx: HttpContext) {
    const { request, response, session, auth, params } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommande(params.id)
    const { field, files } = await receivePhotos(ctx)
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
    const { stored, refus } = await storePhotos(field, files, {
      commandeId: commande.id,
      etape: input.etape ?? null,
      moment: input.moment ?? null,
      mesureLigneId: input.mesure_ligne_id ?? null,
      legende: input.legende ?? null,
      publique: input.publique ?? false,
      auteurId: auth.user!.id,
    })
    if (request.accepts(['html', 'json']) === 'json') {
      const fichiers = stored.map(fichierItem)
      return response.created({ fichier: fichiers[0], fichiers, refus })
    }
    session.flash(
      'success',
      stored.length > 1 ? `${stored.length} photos enregistrées.` : 'Photo enregistrée.'
    )
    if (refus.length) session.flash('error', refus.map((r) => `${r.nom} : ${r.message}`).join(' '))
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
