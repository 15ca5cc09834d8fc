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
    'Auth/ConfirmPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ConfirmPassword.tsx'))['default']>
    'Auth/ForgotPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ForgotPassword.tsx'))['default']>
    'Auth/FrontTwoFactorChallenge': ExtractProps<(typeof import('../../inertia/pages/Auth/FrontTwoFactorChallenge.tsx'))['default']>
    'Auth/Login': ExtractProps<(typeof import('../../inertia/pages/Auth/Login.tsx'))['default']>
    'Auth/Register': ExtractProps<(typeof import('../../inertia/pages/Auth/Register.tsx'))['default']>
    'Auth/ResetPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ResetPassword.tsx'))['default']>
    'Auth/StepUpTwoFactor': ExtractProps<(typeof import('../../inertia/pages/Auth/StepUpTwoFactor.tsx'))['default']>
    'Auth/TwoFactorRequired': ExtractProps<(typeof import('../../inertia/pages/Auth/TwoFactorRequired.tsx'))['default']>
    'Auth/VerifyEmail': ExtractProps<(typeof import('../../inertia/pages/Auth/VerifyEmail.tsx'))['default']>
    'Dashboard': ExtractProps<(typeof import('../../inertia/pages/Dashboard.tsx'))['default']>
    'Dev/Mails': ExtractProps<(typeof import('../../inertia/pages/Dev/Mails.tsx'))['default']>
    'Errors/Status': ExtractProps<(typeof import('../../inertia/pages/Errors/Status.tsx'))['default']>
    'preview/Auth': ExtractProps<(typeof import('../../inertia/pages/preview/Auth.tsx'))['default']>
    'preview/Backend': ExtractProps<(typeof import('../../inertia/pages/preview/Backend.tsx'))['default']>
    'UnderConstruction': ExtractProps<(typeof import('../../inertia/pages/UnderConstruction.tsx'))['default']>
    'Welcome': ExtractProps<(typeof import('../../inertia/pages/Welcome.tsx'))['default']>
  }
}
