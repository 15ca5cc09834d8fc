import '@adonisjs/inertia/types'

import type React from 'react'
import type { Prettify } from '@adonisjs/core/types/common'

type ExtractProps<T> =
  T extends React.FC<infer Props>
    ? Prettify<Omit<Props, 'children'>>
    : T extends React.Component<infer Props>
      ? Prettify<Omit<Props, 'children'>>
      : never

declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'AccesTest': ExtractProps<(typeof import('../../inertia/pages/AccesTest.tsx'))['default']>
    'Auth/AcceptInvitation': ExtractProps<(typeof import('../../inertia/pages/Auth/AcceptInvitation.tsx'))['default']>
    'Auth/ConfirmPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ConfirmPassword.tsx'))['default']>
    'Auth/ForgotPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ForgotPassword.tsx'))['default']>
    'Auth/FrontTwoFactorChallenge': ExtractProps<(typeof import('../../inertia/pages/Auth/FrontTwoFactorChallenge.tsx'))['default']>
    'Auth/Login': ExtractProps<(typeof import('../../inertia/pages/Auth/Login.tsx'))['default']>
    'Auth/Register': ExtractProps<(typeof import('../../inertia/pages/Auth/Register.tsx'))['default']>
    'Auth/ResetPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ResetPassword.tsx'))['default']>
    'Auth/StepUpTwoFactor': ExtractProps<(typeof import('../../inertia/pages/Auth/StepUpTwoFactor.tsx'))['default']>
    'Auth/TwoFactorRequired': ExtractProps<(typeof import('../../inertia/pages/Auth/TwoFactorRequired.tsx'))['default']>
    'Auth/VerifyEmail': ExtractProps<(typeof import('../../inertia/pages/Auth/VerifyEmail.tsx'))['default']>
    'Company/Create': ExtractProps<(typeof import('../../inertia/pages/Company/Create.tsx'))['default']>
    'Company/Edit': ExtractProps<(typeof import('../../inertia/pages/Company/Edit.tsx'))['default']>
    'Company/Index': ExtractProps<(typeof import('../../inertia/pages/Company/Index.tsx'))['default']>
    'Company/Usercreate': ExtractProps<(typeof import('../../inertia/pages/Company/Usercreate.tsx'))['default']>
    'Company/Useredit': ExtractProps<(typeof import('../../inertia/pages/Company/Useredit.tsx'))['default']>
    'Contacts/Index': ExtractProps<(typeof import('../../inertia/pages/Contacts/Index.tsx'))['default']>
    'Contacts/Show': ExtractProps<(typeof import('../../inertia/pages/Contacts/Show.tsx'))['default']>
    'Dashboard': ExtractProps<(typeof import('../../inertia/pages/Dashboard.tsx'))['default']>
    'Dev/Mails': ExtractProps<(typeof import('../../inertia/pages/Dev/Mails.tsx'))['default']>
    'Errors/Status': ExtractProps<(typeof import('../../inertia/pages/Errors/Status.tsx'))['default']>
    'esi/analyse/Acceptation': ExtractProps<(typeof import('../../inertia/pages/esi/analyse/Acceptation.tsx'))['default']>
    'esi/analyse/ChiffreAffaires': ExtractProps<(typeof import('../../inertia/pages/esi/analyse/ChiffreAffaires.tsx'))['default']>
    'esi/analyse/Rentabilite': ExtractProps<(typeof import('../../inertia/pages/esi/analyse/Rentabilite.tsx'))['default']>
    'esi/analyse/Techniciens': ExtractProps<(typeof import('../../inertia/pages/esi/analyse/Techniciens.tsx'))['default']>
    'esi/archive/Index': ExtractProps<(typeof import('../../inertia/pages/esi/archive/Index.tsx'))['default']>
    'esi/archive/Show': ExtractProps<(typeof import('../../inertia/pages/esi/archive/Show.tsx'))['default']>
    'esi/bdc/Index': ExtractProps<(typeof import('../../inertia/pages/esi/bdc/Index.tsx'))['default']>
    'esi/bdc/Show': ExtractProps<(typeof import('../../inertia/pages/esi/bdc/Show.tsx'))['default']>
    'esi/commande/Avenant': ExtractProps<(typeof import('../../inertia/pages/esi/commande/Avenant.tsx'))['default']>
    'esi/commande/Index': ExtractProps<(typeof import('../../inertia/pages/esi/commande/Index.tsx'))['default']>
    'esi/commande/Pose': ExtractProps<(typeof import('../../inertia/pages/esi/commande/Pose.tsx'))['default']>
    'esi/commande/Reception': ExtractProps<(typeof import('../../inertia/pages/esi/commande/Reception.tsx'))['default']>
    'esi/commande/Show': ExtractProps<(typeof import('../../inertia/pages/esi/commande/Show.tsx'))['default']>
    'esi/compta/creance/Client': ExtractProps<(typeof import('../../inertia/pages/esi/compta/creance/Client.tsx'))['default']>
    'esi/compta/creance/Index': ExtractProps<(typeof import('../../inertia/pages/esi/compta/creance/Index.tsx'))['default']>
    'esi/compta/exports/Index': ExtractProps<(typeof import('../../inertia/pages/esi/compta/exports/Index.tsx'))['default']>
    'esi/compta/facture/Edit': ExtractProps<(typeof import('../../inertia/pages/esi/compta/facture/Edit.tsx'))['default']>
    'esi/compta/facture/Index': ExtractProps<(typeof import('../../inertia/pages/esi/compta/facture/Index.tsx'))['default']>
    'esi/compta/facture/Show': ExtractProps<(typeof import('../../inertia/pages/esi/compta/facture/Show.tsx'))['default']>
    'esi/compta/nc/Create': ExtractProps<(typeof import('../../inertia/pages/esi/compta/nc/Create.tsx'))['default']>
    'esi/compta/nc/Index': ExtractProps<(typeof import('../../inertia/pages/esi/compta/nc/Index.tsx'))['default']>
    'esi/compta/nc/Show': ExtractProps<(typeof import('../../inertia/pages/esi/compta/nc/Show.tsx'))['default']>
    'esi/compta/paiements/Import': ExtractProps<(typeof import('../../inertia/pages/esi/compta/paiements/Import.tsx'))['default']>
    'esi/compta/paiements/ImportShow': ExtractProps<(typeof import('../../inertia/pages/esi/compta/paiements/ImportShow.tsx'))['default']>
    'esi/compta/paiements/Index': ExtractProps<(typeof import('../../inertia/pages/esi/compta/paiements/Index.tsx'))['default']>
    'esi/compta/relances/Index': ExtractProps<(typeof import('../../inertia/pages/esi/compta/relances/Index.tsx'))['default']>
    'esi/customer/Index': ExtractProps<(typeof import('../../inertia/pages/esi/customer/Index.tsx'))['default']>
    'esi/customer/Show': ExtractProps<(typeof import('../../inertia/pages/esi/customer/Show.tsx'))['default']>
    'esi/DashboardPro': ExtractProps<(typeof import('../../inertia/pages/esi/DashboardPro.tsx'))['default']>
    'esi/devis/Create': ExtractProps<(typeof import('../../inertia/pages/esi/devis/Create.tsx'))['default']>
    'esi/devis/Edit': ExtractProps<(typeof import('../../inertia/pages/esi/devis/Edit.tsx'))['default']>
    'esi/devis/Index': ExtractProps<(typeof import('../../inertia/pages/esi/devis/Index.tsx'))['default']>
    'esi/devis/Preview': ExtractProps<(typeof import('../../inertia/pages/esi/devis/Preview.tsx'))['default']>
    'esi/devis/Stats': ExtractProps<(typeof import('../../inertia/pages/esi/devis/Stats.tsx'))['default']>
    'esi/fourniture/Index': ExtractProps<(typeof import('../../inertia/pages/esi/fourniture/Index.tsx'))['default']>
    'esi/fourniture/Show': ExtractProps<(typeof import('../../inertia/pages/esi/fourniture/Show.tsx'))['default']>
    'esi/mesurage/Index': ExtractProps<(typeof import('../../inertia/pages/esi/mesurage/Index.tsx'))['default']>
    'esi/mesurage/Show': ExtractProps<(typeof import('../../inertia/pages/esi/mesurage/Show.tsx'))['default']>
    'esi/paiement/DemandePaiement': ExtractProps<(typeof import('../../inertia/pages/esi/paiement/DemandePaiement.tsx'))['default']>
    'esi/planning/Equipes': ExtractProps<(typeof import('../../inertia/pages/esi/planning/Equipes.tsx'))['default']>
    'esi/planning/Index': ExtractProps<(typeof import('../../inertia/pages/esi/planning/Index.tsx'))['default']>
    'esi/planning/Journee': ExtractProps<(typeof import('../../inertia/pages/esi/planning/Journee.tsx'))['default']>
    'esi/planning/PlanifMap': ExtractProps<(typeof import('../../inertia/pages/esi/planning/PlanifMap.tsx'))['default']>
    'esi/Pro': ExtractProps<(typeof import('../../inertia/pages/esi/Pro.tsx'))['default']>
    'esi/production/Index': ExtractProps<(typeof import('../../inertia/pages/esi/production/Index.tsx'))['default']>
    'esi/production/Show': ExtractProps<(typeof import('../../inertia/pages/esi/production/Show.tsx'))['default']>
    'esi/produits/Index': ExtractProps<(typeof import('../../inertia/pages/esi/produits/Index.tsx'))['default']>
    'esi/realisation/Index': ExtractProps<(typeof import('../../inertia/pages/esi/realisation/Index.tsx'))['default']>
    'esi/Recherche': ExtractProps<(typeof import('../../inertia/pages/esi/Recherche.tsx'))['default']>
    'offres/Create': ExtractProps<(typeof import('../../inertia/pages/offres/Create.tsx'))['default']>
    'offres/Edit': ExtractProps<(typeof import('../../inertia/pages/offres/Edit.tsx'))['default']>
    'offres/Index': ExtractProps<(typeof import('../../inertia/pages/offres/Index.tsx'))['default']>
    'offres/Preview': ExtractProps<(typeof import('../../inertia/pages/offres/Preview.tsx'))['default']>
    'preview/Auth': ExtractProps<(typeof import('../../inertia/pages/preview/Auth.tsx'))['default']>
    'preview/Backend': ExtractProps<(typeof import('../../inertia/pages/preview/Backend.tsx'))['default']>
    'preview/Landing': ExtractProps<(typeof import('../../inertia/pages/preview/Landing.tsx'))['default']>
    'preview/Specials': ExtractProps<(typeof import('../../inertia/pages/preview/Specials.tsx'))['default']>
    'Profile/Edit': ExtractProps<(typeof import('../../inertia/pages/Profile/Edit.tsx'))['default']>
    'Public/DemandePaiement': ExtractProps<(typeof import('../../inertia/pages/Public/DemandePaiement.tsx'))['default']>
    'Public/DevisSignature': ExtractProps<(typeof import('../../inertia/pages/Public/DevisSignature.tsx'))['default']>
    'Public/Facture': ExtractProps<(typeof import('../../inertia/pages/Public/Facture.tsx'))['default']>
    'Public/Realisations': ExtractProps<(typeof import('../../inertia/pages/Public/Realisations.tsx'))['default']>
    'Texte/BaseTexte': ExtractProps<(typeof import('../../inertia/pages/Texte/BaseTexte.tsx'))['default']>
    'Texte/Texte': ExtractProps<(typeof import('../../inertia/pages/Texte/Texte.tsx'))['default']>
    'Welcome': ExtractProps<(typeof import('../../inertia/pages/Welcome.tsx'))['default']>
  }
}
