import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import Texte from '#models/texte'
import type User from '#models/user'
import { audit } from '#services/audit'
import type { TexteCategorie } from '#shared/textes'

export const STALE_TEXTE_MESSAGE =
  'Ce texte a été modifié par quelqu’un d’autre pendant que vous l’éditiez. Rechargez la page pour voir sa dernière version, puis refaites vos changements.'

type Fields = { titre: string; categorie: TexteCategorie; contenu: string }

/** A lost race on a base text (DESIGN.md §3): never a silent overwrite. */
export class StaleTexteError extends Error {
  constructor() {
    super(STALE_TEXTE_MESSAGE)
  }
}

/** Creates or edits a base text and writes its audit row, in one transaction. */
export default class SaveBaseTexte {
  constructor(
    private actor: Actor,
    private editor: User
  ) {}

  async create(fields: Fields & { code: string }): Promise<Texte> {
    return db.transaction(async (trx) => {
      const texte = await Texte.create(
        { ...fields, version: 1, updatedBy: this.editor.id },
        { client: trx }
      )
      await audit(
        this.actor,
        {
          action: 'texte.created',
          subjectType: 'texte',
          subjectId: texte.id,
          after: { code: texte.code },
        },
        trx
      )
      return texte
    })
  }

  /**
   * Saves when `version` is still the stored one. The UPDATE itself checks it, so two editors
   * saving at the same moment cannot both win.
   */
  async update(texte: Texte, fields: Fields, version: number): Promise<Texte> {
    return db.transaction(async (trx) => {
      const updated = await trx
        .from('textes')
        .where('id', texte.id)
        .where('version', version)
        .update({
          ...fields,
          version: version + 1,
          updated_by: this.editor.id,
          updated_at: new Date(),
        })
      if (Number(updated) !== 1) throw new StaleTexteError()
      await audit(
        this.actor,
        {
          action: 'texte.updated',
          subjectType: 'texte',
          subjectId: texte.id,
          before: { titre: texte.titre, categorie: texte.categorie, version },
          after: { titre: fields.titre, categorie: fields.categorie, version: version + 1 },
        },
        trx
      )
      return Texte.findOrFail(texte.id, { client: trx })
    })
  }
}
