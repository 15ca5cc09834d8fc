/*
 * Issue 11 §2–§3 — notes de crédit and paiements (esi only). The lists keep the SPEC.md §2 URLs
 * and names (`esi.compta.nc`, `esi.compta.paiements`); a note's own pages are `esi.notes_credit.*`.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const NotesCreditController = () => import('#controllers/esi/notes_credit_controller')
const PaiementsController = () => import('#controllers/esi/paiements_controller')
const RelevesController = () => import('#controllers/esi/releves_controller')

router
  .group(() => {
    router.get('/esi/compta/nc', [NotesCreditController, 'index']).as('esi.compta.nc')
    router.get('/esi/compta/nc/:id', [NotesCreditController, 'show']).as('esi.notes_credit.show')
    router.get('/esi/compta/nc/:id/pdf', [NotesCreditController, 'pdf']).as('esi.notes_credit.pdf')
    router.get('/esi/compta/nc/:id/ubl', [NotesCreditController, 'ubl']).as('esi.notes_credit.ubl')
    router
      .post('/esi/compta/nc/:id/emettre', [NotesCreditController, 'emettre'])
      .as('esi.notes_credit.emettre')
    router
      .delete('/esi/compta/nc/:id', [NotesCreditController, 'destroy'])
      .as('esi.notes_credit.destroy')
    router
      .get('/esi/compta/facture/:id/note-credit', [NotesCreditController, 'create'])
      .as('esi.notes_credit.create')
    router
      .post('/esi/compta/facture/:id/note-credit', [NotesCreditController, 'store'])
      .as('esi.notes_credit.store')
    router.get('/esi/compta/paiements', [PaiementsController, 'index']).as('esi.compta.paiements')
    router.post('/esi/compta/paiements', [PaiementsController, 'store']).as('esi.paiements.store')
    // Bank import (CAMT.053 / CODA): the upload is one of the multipart routes (#config/bodyparser)
    router
      .get('/esi/compta/paiements/import', [RelevesController, 'index'])
      .as('esi.paiements.import')
    router
      .post('/esi/compta/paiements/import', [RelevesController, 'store'])
      .as('esi.paiements.import.store')
    router
      .get('/esi/compta/paiements/import/:id', [RelevesController, 'show'])
      .as('esi.paiements.import.show')
    router
      .post('/esi/compta/paiements/import/lignes/:id/rapprocher', [RelevesController, 'rapprocher'])
      .as('esi.paiements.import.rapprocher')
    router
      .post('/esi/compta/paiements/import/lignes/:id/ignorer', [RelevesController, 'ignorer'])
      .as('esi.paiements.import.ignorer')
    router
      .post('/esi/compta/paiements/import/lignes/:id/retablir', [RelevesController, 'retablir'])
      .as('esi.paiements.import.retablir')
  })
  .use(esiStack())
