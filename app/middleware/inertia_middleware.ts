import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import env from '#start/env'
import { headerNotifications } from '#services/http/request_bundle'
import { currentUserProps } from '#transformers/user_transformer'
import { APP_NAME, APP_VERSION } from '#shared/app'
import { canReach } from '#shared/roles'
import { errorBagMessage } from '#services/http/http_errors'
import { hasStaffPowers } from '#policies/base_policy'
import { menuCommandeBadges } from '#services/commandes/commande_service'

/** Shared props of every page (SPEC.md §3): current user, app settings, flash toasts, errors. */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  share(ctx: HttpContext) {
    const { session, auth } = ctx as Partial<HttpContext>
    const user = auth?.user

    // Packages flash English messages in the error bag: only their code is used, in French
    const errorsBag = (session?.flashMessages.get('errorsBag') ?? {}) as Record<string, string>
    const bagError = Object.keys(errorsBag)
      .filter((code) => code !== 'E_VALIDATION_ERROR')
      .map((code) => errorBagMessage(code))[0]

    return {
      errors: ctx.inertia.always(this.getValidationErrors(ctx)),
      flash: ctx.inertia.always({
        success: session?.flashMessages.get('success') as string | undefined,
        error: (session?.flashMessages.get('error') as string | undefined) ?? bagError,
        info: session?.flashMessages.get('info') as string | undefined,
        warning: session?.flashMessages.get('warning') as string | undefined,
      }),
      app: {
        name: APP_NAME,
        version: APP_VERSION,
        copyright: new Date().getFullYear(),
        // Only for whom the admin area is open (esi, effective, with droit admin): DESIGN.md §4
        adminUrl:
          user &&
          canReach({ role: user.role, acces_role: user.accesRole, droit: user.droit }, 'admin')
            ? (env.get('ADMIN_URL') ?? null)
            : null,
      },
      user: ctx.inertia.always(user ? currentUserProps(user) : null),
      // Read with the session when the request is a page visit (decision 540)
      notifications: user ? () => headerNotifications(ctx, user) : null,
      // Issue 12: the late commandes and what waits at each step list on the menu (one query,
      // indexed counts, decision 426), for staff only
      menuBadges: user && hasStaffPowers(user) ? () => menuCommandeBadges() : null,
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
