import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'public.welcome': { paramsTuple?: []; params?: {} }
    'guest.login': { paramsTuple?: []; params?: {} }
    'guest.login.store': { paramsTuple?: []; params?: {} }
    'guest.register': { paramsTuple?: []; params?: {} }
    'guest.register.store': { paramsTuple?: []; params?: {} }
    'app.logout': { paramsTuple?: []; params?: {} }
    'app.dashboard': { paramsTuple?: []; params?: {} }
    'app.profile': { paramsTuple?: []; params?: {} }
    'app.company.index': { paramsTuple?: []; params?: {} }
    'app.notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'app.notifications.read_all': { paramsTuple?: []; params?: {} }
    'partner.contacts.index': { paramsTuple?: []; params?: {} }
    'partner.offres.index': { paramsTuple?: []; params?: {} }
    'esi.dashboard_pro': { paramsTuple?: []; params?: {} }
    'esi.customers.index': { paramsTuple?: []; params?: {} }
    'esi.devis.index': { paramsTuple?: []; params?: {} }
    'esi.devis.create': { paramsTuple?: []; params?: {} }
    'esi.devis.stats': { paramsTuple?: []; params?: {} }
    'esi.bdc.index': { paramsTuple?: []; params?: {} }
    'esi.commandes.index': { paramsTuple?: []; params?: {} }
    'esi.mesurage.index': { paramsTuple?: []; params?: {} }
    'esi.production.index': { paramsTuple?: []; params?: {} }
    'esi.fourniture.index': { paramsTuple?: []; params?: {} }
    'esi.planning.com': { paramsTuple?: []; params?: {} }
    'esi.planning.tec': { paramsTuple?: []; params?: {} }
    'esi.compta.facture': { paramsTuple?: []; params?: {} }
    'esi.compta.nc': { paramsTuple?: []; params?: {} }
    'esi.compta.paiements': { paramsTuple?: []; params?: {} }
    'esi.compta.creance': { paramsTuple?: []; params?: {} }
    'esi.archive': { paramsTuple?: []; params?: {} }
    'esi.realisation': { paramsTuple?: []; params?: {} }
    'esi.recherche': { paramsTuple?: []; params?: {} }
    'esi.test_access': { paramsTuple?: []; params?: {} }
    'preview.backend': { paramsTuple?: []; params?: {} }
    'preview.backend_boxed': { paramsTuple?: []; params?: {} }
    'preview.auth': { paramsTuple?: []; params?: {} }
    'preview.errors': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'api.user': { paramsTuple?: []; params?: {} }
    'api.user.societes': { paramsTuple?: []; params?: {} }
    'api.user.role': { paramsTuple?: []; params?: {} }
    'api.user.acces_role': { paramsTuple?: []; params?: {} }
  }
  GET: {
    'public.welcome': { paramsTuple?: []; params?: {} }
    'guest.login': { paramsTuple?: []; params?: {} }
    'guest.register': { paramsTuple?: []; params?: {} }
    'app.dashboard': { paramsTuple?: []; params?: {} }
    'app.profile': { paramsTuple?: []; params?: {} }
    'app.company.index': { paramsTuple?: []; params?: {} }
    'app.notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.index': { paramsTuple?: []; params?: {} }
    'partner.offres.index': { paramsTuple?: []; params?: {} }
    'esi.dashboard_pro': { paramsTuple?: []; params?: {} }
    'esi.customers.index': { paramsTuple?: []; params?: {} }
    'esi.devis.index': { paramsTuple?: []; params?: {} }
    'esi.devis.create': { paramsTuple?: []; params?: {} }
    'esi.devis.stats': { paramsTuple?: []; params?: {} }
    'esi.bdc.index': { paramsTuple?: []; params?: {} }
    'esi.commandes.index': { paramsTuple?: []; params?: {} }
    'esi.mesurage.index': { paramsTuple?: []; params?: {} }
    'esi.production.index': { paramsTuple?: []; params?: {} }
    'esi.fourniture.index': { paramsTuple?: []; params?: {} }
    'esi.planning.com': { paramsTuple?: []; params?: {} }
    'esi.planning.tec': { paramsTuple?: []; params?: {} }
    'esi.compta.facture': { paramsTuple?: []; params?: {} }
    'esi.compta.nc': { paramsTuple?: []; params?: {} }
    'esi.compta.paiements': { paramsTuple?: []; params?: {} }
    'esi.compta.creance': { paramsTuple?: []; params?: {} }
    'esi.archive': { paramsTuple?: []; params?: {} }
    'esi.realisation': { paramsTuple?: []; params?: {} }
    'esi.recherche': { paramsTuple?: []; params?: {} }
    'esi.test_access': { paramsTuple?: []; params?: {} }
    'preview.backend': { paramsTuple?: []; params?: {} }
    'preview.backend_boxed': { paramsTuple?: []; params?: {} }
    'preview.auth': { paramsTuple?: []; params?: {} }
    'preview.errors': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'api.user': { paramsTuple?: []; params?: {} }
    'api.user.societes': { paramsTuple?: []; params?: {} }
  }
  HEAD: {
    'public.welcome': { paramsTuple?: []; params?: {} }
    'guest.login': { paramsTuple?: []; params?: {} }
    'guest.register': { paramsTuple?: []; params?: {} }
    'app.dashboard': { paramsTuple?: []; params?: {} }
    'app.profile': { paramsTuple?: []; params?: {} }
    'app.company.index': { paramsTuple?: []; params?: {} }
    'app.notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'partner.contacts.index': { paramsTuple?: []; params?: {} }
    'partner.offres.index': { paramsTuple?: []; params?: {} }
    'esi.dashboard_pro': { paramsTuple?: []; params?: {} }
    'esi.customers.index': { paramsTuple?: []; params?: {} }
    'esi.devis.index': { paramsTuple?: []; params?: {} }
    'esi.devis.create': { paramsTuple?: []; params?: {} }
    'esi.devis.stats': { paramsTuple?: []; params?: {} }
    'esi.bdc.index': { paramsTuple?: []; params?: {} }
    'esi.commandes.index': { paramsTuple?: []; params?: {} }
    'esi.mesurage.index': { paramsTuple?: []; params?: {} }
    'esi.production.index': { paramsTuple?: []; params?: {} }
    'esi.fourniture.index': { paramsTuple?: []; params?: {} }
    'esi.planning.com': { paramsTuple?: []; params?: {} }
    'esi.planning.tec': { paramsTuple?: []; params?: {} }
    'esi.compta.facture': { paramsTuple?: []; params?: {} }
    'esi.compta.nc': { paramsTuple?: []; params?: {} }
    'esi.compta.paiements': { paramsTuple?: []; params?: {} }
    'esi.compta.creance': { paramsTuple?: []; params?: {} }
    'esi.archive': { paramsTuple?: []; params?: {} }
    'esi.realisation': { paramsTuple?: []; params?: {} }
    'esi.recherche': { paramsTuple?: []; params?: {} }
    'esi.test_access': { paramsTuple?: []; params?: {} }
    'preview.backend': { paramsTuple?: []; params?: {} }
    'preview.backend_boxed': { paramsTuple?: []; params?: {} }
    'preview.auth': { paramsTuple?: []; params?: {} }
    'preview.errors': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'api.user': { paramsTuple?: []; params?: {} }
    'api.user.societes': { paramsTuple?: []; params?: {} }
  }
  POST: {
    'guest.login.store': { paramsTuple?: []; params?: {} }
    'guest.register.store': { paramsTuple?: []; params?: {} }
    'app.logout': { paramsTuple?: []; params?: {} }
    'app.notifications.read_all': { paramsTuple?: []; params?: {} }
  }
  PUT: {
    'api.user.role': { paramsTuple?: []; params?: {} }
    'api.user.acces_role': { paramsTuple?: []; params?: {} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}