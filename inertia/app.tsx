import './scss/main.scss'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { pageTitle } from '@shared/app'
import { layoutFor } from '~/layouts/resolve'
import { installHttpHandlers } from '~/lib/http'

installHttpHandlers()

createInertiaApp({
  title: (title) => pageTitle(title),
  resolve: async (name) => {
    const page: any = await resolvePageComponent(
      `./pages/${name}.tsx`,
      import.meta.glob('./pages/**/*.tsx')
    )
    // A page may set its own layout; otherwise the resolver picks one by page name (SPEC.md §2)
    page.default.layout = page.default.layout ?? layoutFor(name)
    return page
  },
  setup({ el, App, props }) {
    createRoot(el).render(<App {...props} />)
  },
  // SPEC.md §9: progress bar #3b82f6, 250 ms delay, no spinner
  progress: { color: '#3b82f6', delay: 250, showSpinner: false },
  // SPEC.md §9: prefetch cache 30 000 ms, hover delay 75 ms, "recently successful" 2 000 ms
  defaults: {
    prefetch: { cacheFor: 30000, hoverDelay: 75 },
    form: { recentlySuccessfulDuration: 2000 },
  },
})
