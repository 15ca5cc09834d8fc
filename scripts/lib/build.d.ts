import type { ChildProcess } from 'node:child_process'

export declare const BUILD: string
export declare function buildIsStale(): boolean
export declare function ensureBuild(
  env: Record<string, string | undefined>,
  onFail?: () => Promise<unknown>
): Promise<boolean>
export declare function startBuiltServer(options: {
  port: number | string
  env: Record<string, string | undefined>
  inspectPort?: number | null
  timeoutMs?: number
}): Promise<{ url: string; stop(): Promise<number | null>; process: ChildProcess }>
