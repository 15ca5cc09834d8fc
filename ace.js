/*
 * Ace entry point. @poppinss/ts-exec lets Node 24 run the TypeScript sources directly.
 */
import '@poppinss/ts-exec'

await import('./bin/console.js')
