import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/*
 * Where the attempt counters live: the database (one instance), Redis (several instances, the
 * same choice as the sessions) or memory (tests, LIMITER_STORE=memory in .env.test).
 */
const limiterConfig = defineConfig({
  default:
    env.get('LIMITER_STORE') ??
    (env.get('SESSION_DRIVER') === 'redis' || env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    database: stores.database({ connectionName: 'pg', tableName: 'rate_limits' }),
    redis: stores.redis({ connectionName: 'main' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
