import type { ChildProcess } from 'node:child_process'

export type ClusterHandle = {
  url: string
  port: number
  workers: number[]
  lines: string[]
  process: ChildProcess
  nextRestart(): Promise<number[]>
  stop(): Promise<number | null>
}

export function startCluster(options: {
  workers?: number
  port: number | string
  env?: Record<string, string | undefined>
  build?: boolean
  capture?: boolean
  timeoutMs?: number
  onLine?: (line: string) => void
}): Promise<ClusterHandle>
