// Types of scripts/lib/budgets.js for the unit tests (tests/unit/budgets.spec.ts)
export declare const LOGIN_BUDGET: number
export declare const ENTRY: string
export declare const LOGIN_PAGE: string
export declare const HEAVY: RegExp
export interface BudgetFile {
  file: string
  name?: string
  raw: number
  gzip: number
}
export interface Budgets {
  ok: boolean
  login: { gzip: number; budget: number; ok: boolean; files: BudgetFile[]; heavy: string[] }
  pages: { page: string; file: string; gzip: number; ownGraphGzip: number }[]
}
export declare function manifestPath(buildDir: string): string
export declare function staticGraph(
  manifest: Record<string, { file: string; imports?: string[] }>,
  key: string,
  seen?: Set<string>
): Set<string>
export declare function measureBudgets(buildDir: string, options?: { budget?: number }): Budgets
export declare function hasBuild(buildDir: string): boolean
export declare function assetsNeedBuild(root: string): string | null
