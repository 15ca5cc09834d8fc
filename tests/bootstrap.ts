import { rm } from 'node:fs/promises'
import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { closeBrowser } from '#tests/browser/helpers/browser'

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
]

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  // Each run starts with an empty test mailbox (storage/mails/test)
  setup: [
    async () => {
      const { clearKeptMails } = await import('#tests/auth_helpers')
      await clearKeptMails()
    },
  ],
  teardown: [
    () => closeBrowser(),
    // The files the run stored (config/drive.ts: one local disk per test process)
    async () => {
      const { testFilesRoot } = await import('#config/drive')
      await rm(testFilesRoot(), { recursive: true, force: true })
    },
  ],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
