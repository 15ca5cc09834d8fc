import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/*
 * Used by the sessions, the limiter and the queue when they live in Redis (several app processes,
 * README § Production): REDIS_URL (redis[s]://[user:password@]host[:port][/db]) turns all three
 * on at once; else REDIS_HOST/PORT/PASSWORD with the *_DRIVER variables one by one.
 */
function server() {
  const url = env.get('REDIS_URL')
  if (!url) {
    return {
      host: env.get('REDIS_HOST') ?? '127.0.0.1',
      port: env.get('REDIS_PORT') ?? 6379,
      password: env.get('REDIS_PASSWORD') ?? '',
      db: 0,
    }
  }
  const parsed = new URL(url)
  if (!['redis:', 'rediss:'].includes(parsed.protocol)) {
    throw new Error('REDIS_URL: redis://[user:password@]host[:port][/db] (or rediss:// for TLS)')
  }
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password),
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  }
}

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...server(),
      // One Redis for several apps (or test runs): each its own prefix
      keyPrefix: env.get('REDIS_KEY_PREFIX') ?? 'esi:',
      lazyConnect: true,
      retryStrategy(times) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
