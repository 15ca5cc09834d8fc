export interface ProfileSummary {
  samples: number
  functions: { fn: string; owner: string; pct: number }[]
  owners: { owner: string; pct: number }[]
}
export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
  }[]
  samples?: number[]
}
export declare function ownerOf(url: string): string
export declare function summariseProfile(profile: CpuProfile, top?: number): ProfileSummary
export declare function profiled<T extends object>(
  dir: string,
  label: string,
  fn: () => Promise<T>,
  inspectPort?: number | null
): Promise<T & { profile: ProfileSummary & { file: string } }>
export declare function cpuMsOf(pids: (number | string)[]): number | null
export declare function postgresCpuByPid(databaseUrl: string): Map<string, number> | null
export declare function postgresCpuBetween(
  before: Map<string, number> | null,
  after: Map<string, number> | null
): number | null
export declare function isLocalDatabase(databaseUrl: string): boolean
