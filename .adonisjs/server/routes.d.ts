import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'signed.devis.show': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'signed.devis.pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'signed.devis.accepter': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'signed.devis.refuser': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'app.profile': { paramsTuple?: []; params?: {} }
    'app.profile.update': { paramsTuple?: []; params?: {} }
    'app.profile.password': { paramsTuple?: []; params?: {} }
    'app.profile.destroy': { paramsTuple?: []; params?: {} }
    'partner.profile_textes.store': { paramsTuple?: []; params?: {} }
    'partner.profile_textes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.profile_textes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.index': { paramsTuple?: []; params?: {} }
    'app.company.create': { paramsTuple?: []; params?: {} }
    'app.company.store': { paramsTuple?: []; params?: {} }
    'app.company.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.logo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.logo.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.logo.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.create': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.company.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'guest.invitation.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'guest.invitation.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.index': { paramsTuple?: []; params?: {} }
    'partner.contacts.store': { paramsTuple?: []; params?: {} }
    'partner.contacts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.customers.index': { paramsTuple?: []; params?: {} }
    'esi.customers.export': { paramsTuple?: []; params?: {} }
    'esi.customers.store': { paramsTuple?: []; params?: {} }
    'esi.customers.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.customers.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.customers.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.produits.index': { paramsTuple?: []; params?: {} }
    'esi.produits.export': { paramsTuple?: []; params?: {} }
    'esi.produits.import': { paramsTuple?: []; params?: {} }
    'esi.produits.store': { paramsTuple?: []; params?: {} }
    'esi.produits.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.textes.index': { paramsTuple?: []; params?: {} }
    'esi.textes.create': { paramsTuple?: []; params?: {} }
    'esi.textes.store': { paramsTuple?: []; params?: {} }
    'esi.textes.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.textes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.textes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.recherche': { paramsTuple?: []; params?: {} }
    'esi.devis.create': { paramsTuple?: []; params?: {} }
    'esi.devis.clients': { paramsTuple?: []; params?: {} }
    'esi.devis.clients.store': { paramsTuple?: []; params?: {} }
    'esi.devis.produits': { paramsTuple?: []; params?: {} }
    'esi.devis.store': { paramsTuple?: []; params?: {} }
    'esi.devis.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.statut': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.duplicate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.revision': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'admin.devis.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.index': { paramsTuple?: []; params?: {} }
    'esi.devis.export': { paramsTuple?: []; params?: {} }
    'esi.devis.stats': { paramsTuple?: []; params?: {} }
    'esi.devis.preview': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.revision_pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'partner.offres.index': { paramsTuple?: []; params?: {} }
    'partner.offres.create': { paramsTuple?: []; params?: {} }
    'partner.offres.produits': { paramsTuple?: []; params?: {} }
    'partner.offres.store': { paramsTuple?: []; params?: {} }
    'partner.offres.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.preview': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.revision_pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'partner.offres.envoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.transmettre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.offres.to_devis': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.index': { paramsTuple?: []; params?: {} }
    'esi.bdc.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.sign': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.signature': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.index': { paramsTuple?: []; params?: {} }
    'esi.commandes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.payee': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.renvoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'signed.paiement.show': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'esi.commandes.fichiers.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.fichiers.show': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'fichier': ParamValue} }
    'esi.realisation': { paramsTuple?: []; params?: {} }
    'esi.realisation.commandes': { paramsTuple?: []; params?: {} }
    'esi.realisation.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.realisation.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'public.realisations': { paramsTuple?: []; params?: {} }
    'public.realisations.photo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.facture': { paramsTuple?: []; params?: {} }
    'esi.factures.create': { paramsTuple?: []; params?: {} }
    'esi.factures.store': { paramsTuple?: []; params?: {} }
    'esi.factures.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.ubl': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.envoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.peppol': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.emettre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.acompte': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.intermediaire': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.solde': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'signed.facture.show': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'signed.facture.pdf': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'esi.compta.nc': { paramsTuple?: []; params?: {} }
    'esi.notes_credit.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.ubl': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.emettre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.create': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.paiements': { paramsTuple?: []; params?: {} }
    'esi.paiements.store': { paramsTuple?: []; params?: {} }
    'esi.paiements.import': { paramsTuple?: []; params?: {} }
    'esi.paiements.import.store': { paramsTuple?: []; params?: {} }
    'esi.paiements.import.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiements.import.rapprocher': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiements.import.ignorer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiements.import.retablir': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.creance': { paramsTuple?: []; params?: {} }
    'esi.compta.creance.export': { paramsTuple?: []; params?: {} }
    'esi.compta.creance.client': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.exports': { paramsTuple?: []; params?: {} }
    'esi.compta.exports.journal_ventes': { paramsTuple?: []; params?: {} }
    'esi.compta.exports.paiements': { paramsTuple?: []; params?: {} }
    'esi.compta.relances': { paramsTuple?: []; params?: {} }
    'esi.compta.relances.envoyer': { paramsTuple?: []; params?: {} }
    'esi.relances.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.relancer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.index': { paramsTuple?: []; params?: {} }
    'esi.mesurage.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.sync': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.valider': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.rouvrir': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.production.index': { paramsTuple?: []; params?: {} }
    'esi.production.envoyer': { paramsTuple?: []; params?: {} }
    'esi.production.show': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.production.preparer': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes_fournisseur.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.envoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.confirmer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.fourniture.index': { paramsTuple?: []; params?: {} }
    'esi.fourniture.show': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes_fournisseur.livraisons.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.pose': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.pose.commencer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.lever': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'reserve': ParamValue} }
    'esi.commandes.reception.photo': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'reserve': ParamValue} }
    'esi.avenants.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.presenter': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.reprendre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.sign': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.accepter': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.etapes.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'etape': ParamValue} }
    'esi.commandes.etapes.statut': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'etape': ParamValue} }
    'esi.commandes.retractation': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planifications.index': { paramsTuple?: []; params?: {} }
    'esi.planifications.attente': { paramsTuple?: []; params?: {} }
    'esi.planifications.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planifications.store': { paramsTuple?: []; params?: {} }
    'esi.planifications.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planifications.statut': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.com': { paramsTuple?: []; params?: {} }
    'esi.planning.tec': { paramsTuple?: []; params?: {} }
    'esi.planning.visites.details': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.com_carte': { paramsTuple?: []; params?: {} }
    'esi.planning.tec_carte': { paramsTuple?: []; params?: {} }
    'esi.planning.reordonner': { paramsTuple?: []; params?: {} }
    'esi.planning.carte_coordonnees': { paramsTuple?: []; params?: {} }
    'esi.planning.carte_geocoder': { paramsTuple?: []; params?: {} }
    'esi.planning.carte_trajet': { paramsTuple?: []; params?: {} }
    'esi.planning.journee': { paramsTuple?: []; params?: {} }
    'esi.planning.ics_creer': { paramsTuple?: []; params?: {} }
    'esi.planning.ics_revoquer': { paramsTuple?: []; params?: {} }
    'public.planning.ics': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'esi.planning.equipes': { paramsTuple?: []; params?: {} }
    'esi.planning.equipes.store': { paramsTuple?: []; params?: {} }
    'esi.planning.equipes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.equipes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.trajet': { paramsTuple?: []; params?: {} }
    'esi.planning.demandes.store': { paramsTuple?: []; params?: {} }
    'esi.planning.demandes.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.analyse.chiffre_affaires': { paramsTuple?: []; params?: {} }
    'esi.analyse.chiffre_affaires.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.rentabilite': { paramsTuple?: []; params?: {} }
    'esi.analyse.rentabilite.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.acceptation': { paramsTuple?: []; params?: {} }
    'esi.analyse.acceptation.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.techniciens': { paramsTuple?: []; params?: {} }
    'esi.analyse.techniciens.export': { paramsTuple?: []; params?: {} }
    'esi.archive': { paramsTuple?: []; params?: {} }
    'esi.archive.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'public.welcome': { paramsTuple?: []; params?: {} }
    'health.live': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'guest.login': { paramsTuple?: []; params?: {} }
    'guest.login.store': { paramsTuple?: []; params?: {} }
    'guest.register': { paramsTuple?: []; params?: {} }
    'guest.register.store': { paramsTuple?: []; params?: {} }
    'guest.password.request': { paramsTuple?: []; params?: {} }
    'guest.password.email': { paramsTuple?: []; params?: {} }
    'guest.password.reset': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'guest.password.update': { paramsTuple?: []; params?: {} }
    'twofactor.challenge': { paramsTuple?: []; params?: {} }
    'twofactor.challenge.store': { paramsTuple?: []; params?: {} }
    'signed.email.verify': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'hash': ParamValue} }
    'app.logout': { paramsTuple?: []; params?: {} }
    'app.verification.notice': { paramsTuple?: []; params?: {} }
    'app.verification.send': { paramsTuple?: []; params?: {} }
    'app.password.confirm': { paramsTuple?: []; params?: {} }
    'app.password.confirm.store': { paramsTuple?: []; params?: {} }
    'app.step_up': { paramsTuple?: []; params?: {} }
    'app.step_up.store': { paramsTuple?: []; params?: {} }
    'app.two_factor.required': { paramsTuple?: []; params?: {} }
    'app.two_factor.enable': { paramsTuple?: []; params?: {} }
    'app.two_factor.disable': { paramsTuple?: []; params?: {} }
    'app.two_factor.confirm': { paramsTuple?: []; params?: {} }
    'app.two_factor.recovery_codes': { paramsTuple?: []; params?: {} }
    'app.dashboard': { paramsTuple?: []; params?: {} }
    'app.notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.notifications.read_all': { paramsTuple?: []; params?: {} }
    'esi.dashboard_pro': { paramsTuple?: []; params?: {} }
    'esi.pro.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.test_access': { paramsTuple?: []; params?: {} }
    'preview.backend': { paramsTuple?: []; params?: {} }
    'preview.backend_boxed': { paramsTuple?: []; params?: {} }
    'preview.auth': { paramsTuple?: []; params?: {} }
    'preview.landing': { paramsTuple?: []; params?: {} }
    'preview.specials': { paramsTuple: [ParamValue]; params: {'page': ParamValue} }
    'preview.errors': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'api.user': { paramsTuple?: []; params?: {} }
    'api.user.societes': { paramsTuple?: []; params?: {} }
    'api.user.role': { paramsTuple?: []; params?: {} }
    'api.user.acces_role': { paramsTuple?: []; params?: {} }
    'dev.mails.index': { paramsTuple?: []; params?: {} }
    'dev.mails.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  GET: {
    'signed.devis.show': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'signed.devis.pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'app.profile': { paramsTuple?: []; params?: {} }
    'app.company.index': { paramsTuple?: []; params?: {} }
    'app.company.create': { paramsTuple?: []; params?: {} }
    'app.company.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.logo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.create': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'guest.invitation.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.index': { paramsTuple?: []; params?: {} }
    'partner.contacts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.customers.index': { paramsTuple?: []; params?: {} }
    'esi.customers.export': { paramsTuple?: []; params?: {} }
    'esi.customers.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.produits.index': { paramsTuple?: []; params?: {} }
    'esi.produits.export': { paramsTuple?: []; params?: {} }
    'esi.textes.index': { paramsTuple?: []; params?: {} }
    'esi.textes.create': { paramsTuple?: []; params?: {} }
    'esi.textes.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.recherche': { paramsTuple?: []; params?: {} }
    'esi.devis.create': { paramsTuple?: []; params?: {} }
    'esi.devis.clients': { paramsTuple?: []; params?: {} }
    'esi.devis.produits': { paramsTuple?: []; params?: {} }
    'esi.devis.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.revision': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'esi.devis.index': { paramsTuple?: []; params?: {} }
    'esi.devis.export': { paramsTuple?: []; params?: {} }
    'esi.devis.stats': { paramsTuple?: []; params?: {} }
    'esi.devis.preview': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.revision_pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'partner.offres.index': { paramsTuple?: []; params?: {} }
    'partner.offres.create': { paramsTuple?: []; params?: {} }
    'partner.offres.produits': { paramsTuple?: []; params?: {} }
    'partner.offres.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.preview': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.revision_pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'esi.bdc.index': { paramsTuple?: []; params?: {} }
    'esi.bdc.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.signature': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.index': { paramsTuple?: []; params?: {} }
    'esi.commandes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'signed.paiement.show': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'esi.commandes.fichiers.show': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'fichier': ParamValue} }
    'esi.realisation': { paramsTuple?: []; params?: {} }
    'esi.realisation.commandes': { paramsTuple?: []; params?: {} }
    'public.realisations': { paramsTuple?: []; params?: {} }
    'public.realisations.photo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.facture': { paramsTuple?: []; params?: {} }
    'esi.factures.create': { paramsTuple?: []; params?: {} }
    'esi.factures.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.ubl': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'signed.facture.show': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'signed.facture.pdf': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'esi.compta.nc': { paramsTuple?: []; params?: {} }
    'esi.notes_credit.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.ubl': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.create': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.paiements': { paramsTuple?: []; params?: {} }
    'esi.paiements.import': { paramsTuple?: []; params?: {} }
    'esi.paiements.import.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.creance': { paramsTuple?: []; params?: {} }
    'esi.compta.creance.export': { paramsTuple?: []; params?: {} }
    'esi.compta.creance.client': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.exports': { paramsTuple?: []; params?: {} }
    'esi.compta.exports.journal_ventes': { paramsTuple?: []; params?: {} }
    'esi.compta.exports.paiements': { paramsTuple?: []; params?: {} }
    'esi.compta.relances': { paramsTuple?: []; params?: {} }
    'esi.relances.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.index': { paramsTuple?: []; params?: {} }
    'esi.mesurage.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.production.index': { paramsTuple?: []; params?: {} }
    'esi.production.show': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes_fournisseur.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.fourniture.index': { paramsTuple?: []; params?: {} }
    'esi.fourniture.show': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes.pose': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planifications.index': { paramsTuple?: []; params?: {} }
    'esi.planifications.attente': { paramsTuple?: []; params?: {} }
    'esi.planifications.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.com': { paramsTuple?: []; params?: {} }
    'esi.planning.tec': { paramsTuple?: []; params?: {} }
    'esi.planning.visites.details': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.com_carte': { paramsTuple?: []; params?: {} }
    'esi.planning.tec_carte': { paramsTuple?: []; params?: {} }
    'esi.planning.journee': { paramsTuple?: []; params?: {} }
    'public.planning.ics': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'esi.planning.equipes': { paramsTuple?: []; params?: {} }
    'esi.analyse.chiffre_affaires': { paramsTuple?: []; params?: {} }
    'esi.analyse.chiffre_affaires.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.rentabilite': { paramsTuple?: []; params?: {} }
    'esi.analyse.rentabilite.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.acceptation': { paramsTuple?: []; params?: {} }
    'esi.analyse.acceptation.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.techniciens': { paramsTuple?: []; params?: {} }
    'esi.analyse.techniciens.export': { paramsTuple?: []; params?: {} }
    'esi.archive': { paramsTuple?: []; params?: {} }
    'esi.archive.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'public.welcome': { paramsTuple?: []; params?: {} }
    'health.live': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'guest.login': { paramsTuple?: []; params?: {} }
    'guest.register': { paramsTuple?: []; params?: {} }
    'guest.password.request': { paramsTuple?: []; params?: {} }
    'guest.password.reset': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'twofactor.challenge': { paramsTuple?: []; params?: {} }
    'signed.email.verify': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'hash': ParamValue} }
    'app.verification.notice': { paramsTuple?: []; params?: {} }
    'app.password.confirm': { paramsTuple?: []; params?: {} }
    'app.step_up': { paramsTuple?: []; params?: {} }
    'app.two_factor.required': { paramsTuple?: []; params?: {} }
    'app.dashboard': { paramsTuple?: []; params?: {} }
    'app.notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.dashboard_pro': { paramsTuple?: []; params?: {} }
    'esi.pro.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.test_access': { paramsTuple?: []; params?: {} }
    'preview.backend': { paramsTuple?: []; params?: {} }
    'preview.backend_boxed': { paramsTuple?: []; params?: {} }
    'preview.auth': { paramsTuple?: []; params?: {} }
    'preview.landing': { paramsTuple?: []; params?: {} }
    'preview.specials': { paramsTuple: [ParamValue]; params: {'page': ParamValue} }
    'preview.errors': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'api.user': { paramsTuple?: []; params?: {} }
    'api.user.societes': { paramsTuple?: []; params?: {} }
    'dev.mails.index': { paramsTuple?: []; params?: {} }
    'dev.mails.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  HEAD: {
    'signed.devis.show': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'signed.devis.pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'app.profile': { paramsTuple?: []; params?: {} }
    'app.company.index': { paramsTuple?: []; params?: {} }
    'app.company.create': { paramsTuple?: []; params?: {} }
    'app.company.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.logo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.create': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'guest.invitation.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.index': { paramsTuple?: []; params?: {} }
    'partner.contacts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.customers.index': { paramsTuple?: []; params?: {} }
    'esi.customers.export': { paramsTuple?: []; params?: {} }
    'esi.customers.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.produits.index': { paramsTuple?: []; params?: {} }
    'esi.produits.export': { paramsTuple?: []; params?: {} }
    'esi.textes.index': { paramsTuple?: []; params?: {} }
    'esi.textes.create': { paramsTuple?: []; params?: {} }
    'esi.textes.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.recherche': { paramsTuple?: []; params?: {} }
    'esi.devis.create': { paramsTuple?: []; params?: {} }
    'esi.devis.clients': { paramsTuple?: []; params?: {} }
    'esi.devis.produits': { paramsTuple?: []; params?: {} }
    'esi.devis.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.revision': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'esi.devis.index': { paramsTuple?: []; params?: {} }
    'esi.devis.export': { paramsTuple?: []; params?: {} }
    'esi.devis.stats': { paramsTuple?: []; params?: {} }
    'esi.devis.preview': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.revision_pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'partner.offres.index': { paramsTuple?: []; params?: {} }
    'partner.offres.create': { paramsTuple?: []; params?: {} }
    'partner.offres.produits': { paramsTuple?: []; params?: {} }
    'partner.offres.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.preview': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.revision_pdf': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'revision': ParamValue} }
    'esi.bdc.index': { paramsTuple?: []; params?: {} }
    'esi.bdc.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.signature': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.index': { paramsTuple?: []; params?: {} }
    'esi.commandes.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'signed.paiement.show': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'esi.commandes.fichiers.show': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'fichier': ParamValue} }
    'esi.realisation': { paramsTuple?: []; params?: {} }
    'esi.realisation.commandes': { paramsTuple?: []; params?: {} }
    'public.realisations': { paramsTuple?: []; params?: {} }
    'public.realisations.photo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.facture': { paramsTuple?: []; params?: {} }
    'esi.factures.create': { paramsTuple?: []; params?: {} }
    'esi.factures.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.ubl': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'signed.facture.show': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'signed.facture.pdf': { paramsTuple: [ParamValue]; params: {'publicId': ParamValue} }
    'esi.compta.nc': { paramsTuple?: []; params?: {} }
    'esi.notes_credit.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.ubl': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.create': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.paiements': { paramsTuple?: []; params?: {} }
    'esi.paiements.import': { paramsTuple?: []; params?: {} }
    'esi.paiements.import.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.creance': { paramsTuple?: []; params?: {} }
    'esi.compta.creance.export': { paramsTuple?: []; params?: {} }
    'esi.compta.creance.client': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.exports': { paramsTuple?: []; params?: {} }
    'esi.compta.exports.journal_ventes': { paramsTuple?: []; params?: {} }
    'esi.compta.exports.paiements': { paramsTuple?: []; params?: {} }
    'esi.compta.relances': { paramsTuple?: []; params?: {} }
    'esi.relances.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.index': { paramsTuple?: []; params?: {} }
    'esi.mesurage.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.production.index': { paramsTuple?: []; params?: {} }
    'esi.production.show': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes_fournisseur.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.fourniture.index': { paramsTuple?: []; params?: {} }
    'esi.fourniture.show': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes.pose': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.pdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planifications.index': { paramsTuple?: []; params?: {} }
    'esi.planifications.attente': { paramsTuple?: []; params?: {} }
    'esi.planifications.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.com': { paramsTuple?: []; params?: {} }
    'esi.planning.tec': { paramsTuple?: []; params?: {} }
    'esi.planning.visites.details': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.com_carte': { paramsTuple?: []; params?: {} }
    'esi.planning.tec_carte': { paramsTuple?: []; params?: {} }
    'esi.planning.journee': { paramsTuple?: []; params?: {} }
    'public.planning.ics': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'esi.planning.equipes': { paramsTuple?: []; params?: {} }
    'esi.analyse.chiffre_affaires': { paramsTuple?: []; params?: {} }
    'esi.analyse.chiffre_affaires.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.rentabilite': { paramsTuple?: []; params?: {} }
    'esi.analyse.rentabilite.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.acceptation': { paramsTuple?: []; params?: {} }
    'esi.analyse.acceptation.export': { paramsTuple?: []; params?: {} }
    'esi.analyse.techniciens': { paramsTuple?: []; params?: {} }
    'esi.analyse.techniciens.export': { paramsTuple?: []; params?: {} }
    'esi.archive': { paramsTuple?: []; params?: {} }
    'esi.archive.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'public.welcome': { paramsTuple?: []; params?: {} }
    'health.live': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'guest.login': { paramsTuple?: []; params?: {} }
    'guest.register': { paramsTuple?: []; params?: {} }
    'guest.password.request': { paramsTuple?: []; params?: {} }
    'guest.password.reset': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'twofactor.challenge': { paramsTuple?: []; params?: {} }
    'signed.email.verify': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'hash': ParamValue} }
    'app.verification.notice': { paramsTuple?: []; params?: {} }
    'app.password.confirm': { paramsTuple?: []; params?: {} }
    'app.step_up': { paramsTuple?: []; params?: {} }
    'app.two_factor.required': { paramsTuple?: []; params?: {} }
    'app.dashboard': { paramsTuple?: []; params?: {} }
    'app.notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.dashboard_pro': { paramsTuple?: []; params?: {} }
    'esi.pro.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.test_access': { paramsTuple?: []; params?: {} }
    'preview.backend': { paramsTuple?: []; params?: {} }
    'preview.backend_boxed': { paramsTuple?: []; params?: {} }
    'preview.auth': { paramsTuple?: []; params?: {} }
    'preview.landing': { paramsTuple?: []; params?: {} }
    'preview.specials': { paramsTuple: [ParamValue]; params: {'page': ParamValue} }
    'preview.errors': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'api.user': { paramsTuple?: []; params?: {} }
    'api.user.societes': { paramsTuple?: []; params?: {} }
    'dev.mails.index': { paramsTuple?: []; params?: {} }
    'dev.mails.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  POST: {
    'signed.devis.accepter': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'signed.devis.refuser': { paramsTuple: [ParamValue,ParamValue]; params: {'publicId': ParamValue,'version': ParamValue} }
    'partner.profile_textes.store': { paramsTuple?: []; params?: {} }
    'app.company.store': { paramsTuple?: []; params?: {} }
    'app.company.logo.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'guest.invitation.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.store': { paramsTuple?: []; params?: {} }
    'esi.customers.store': { paramsTuple?: []; params?: {} }
    'esi.produits.import': { paramsTuple?: []; params?: {} }
    'esi.produits.store': { paramsTuple?: []; params?: {} }
    'esi.textes.store': { paramsTuple?: []; params?: {} }
    'esi.devis.clients.store': { paramsTuple?: []; params?: {} }
    'esi.devis.store': { paramsTuple?: []; params?: {} }
    'esi.devis.statut': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.duplicate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.store': { paramsTuple?: []; params?: {} }
    'partner.offres.envoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.transmettre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.offres.to_devis': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.sign': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.bdc.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.payee': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiement.renvoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.fichiers.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.store': { paramsTuple?: []; params?: {} }
    'esi.factures.envoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.peppol': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.emettre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.acompte': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.intermediaire': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.solde': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.emettre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiements.store': { paramsTuple?: []; params?: {} }
    'esi.paiements.import.store': { paramsTuple?: []; params?: {} }
    'esi.paiements.import.rapprocher': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiements.import.ignorer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.paiements.import.retablir': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.compta.relances.envoyer': { paramsTuple?: []; params?: {} }
    'esi.factures.relancer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.sync': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.valider': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.mesurage.rouvrir': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.production.envoyer': { paramsTuple?: []; params?: {} }
    'esi.production.preparer': { paramsTuple: [ParamValue]; params: {'commandeId': ParamValue} }
    'esi.commandes_fournisseur.envoyer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.confirmer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.livraisons.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.pose.commencer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.reception.lever': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'reserve': ParamValue} }
    'esi.commandes.reception.photo': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'reserve': ParamValue} }
    'esi.avenants.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.presenter': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.reprendre': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.sign': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.avenants.accepter': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.etapes.statut': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'etape': ParamValue} }
    'esi.commandes.retractation': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planifications.store': { paramsTuple?: []; params?: {} }
    'esi.planifications.statut': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.reordonner': { paramsTuple?: []; params?: {} }
    'esi.planning.carte_coordonnees': { paramsTuple?: []; params?: {} }
    'esi.planning.carte_geocoder': { paramsTuple?: []; params?: {} }
    'esi.planning.carte_trajet': { paramsTuple?: []; params?: {} }
    'esi.planning.ics_creer': { paramsTuple?: []; params?: {} }
    'esi.planning.ics_revoquer': { paramsTuple?: []; params?: {} }
    'esi.planning.equipes.store': { paramsTuple?: []; params?: {} }
    'esi.planning.demandes.store': { paramsTuple?: []; params?: {} }
    'esi.planning.demandes.annuler': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'guest.login.store': { paramsTuple?: []; params?: {} }
    'guest.register.store': { paramsTuple?: []; params?: {} }
    'guest.password.email': { paramsTuple?: []; params?: {} }
    'guest.password.update': { paramsTuple?: []; params?: {} }
    'twofactor.challenge.store': { paramsTuple?: []; params?: {} }
    'app.logout': { paramsTuple?: []; params?: {} }
    'app.verification.send': { paramsTuple?: []; params?: {} }
    'app.password.confirm.store': { paramsTuple?: []; params?: {} }
    'app.step_up.store': { paramsTuple?: []; params?: {} }
    'app.two_factor.enable': { paramsTuple?: []; params?: {} }
    'app.two_factor.confirm': { paramsTuple?: []; params?: {} }
    'app.two_factor.recovery_codes': { paramsTuple?: []; params?: {} }
    'app.notifications.read_all': { paramsTuple?: []; params?: {} }
  }
  PUT: {
    'app.profile.update': { paramsTuple?: []; params?: {} }
    'app.profile.password': { paramsTuple?: []; params?: {} }
    'partner.profile_textes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.customers.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.produits.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.textes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.devis.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.offres.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes.etapes.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'etape': ParamValue} }
    'esi.planifications.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.equipes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.trajet': { paramsTuple?: []; params?: {} }
    'api.user.role': { paramsTuple?: []; params?: {} }
    'api.user.acces_role': { paramsTuple?: []; params?: {} }
  }
  DELETE: {
    'app.profile.destroy': { paramsTuple?: []; params?: {} }
    'partner.profile_textes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.logo.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.company.users.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.company.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.customers.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.textes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.devis.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.realisation.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.factures.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.notes_credit.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.commandes_fournisseur.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'esi.planning.equipes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.two_factor.disable': { paramsTuple?: []; params?: {} }
  }
  PATCH: {
    'esi.realisation.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}