import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, syncDestination, targets } from '@adonisjs/core/logger'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'esi-backoffice',
      level: env.get('LOG_LEVEL') ?? (app.inTest ? 'error' : 'info'),
      // Never log secrets (ASVS 16.2.5)
      redact: {
        paths: ['password', '*.password', 'headers.cookie', 'code', '*.code'],
        censor: '***',
      },
      desination: !app.inProduction ? await syncDestination() : undefined,
      transport: { targets: [targets.file({ destination: 1 })] },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
