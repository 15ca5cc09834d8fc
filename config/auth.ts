import { defineConfig } from '@adonisjs/auth'
import { bundledSessionGuard } from '#services/http/bundled_user_provider'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

const authConfig = defineConfig({
  default: 'web',
  guards: {
    // The package's session guard; the user comes with the session read (decision 540)
    web: bundledSessionGuard({
      // "Se souvenir de moi": a token in remember_me_tokens, rotated at every use
      useRememberMeTokens: true,
      rememberMeTokensAge: '30 days',
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
