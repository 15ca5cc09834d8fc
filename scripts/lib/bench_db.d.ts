export declare const RUN_COPY_COMMENT: string
export declare function runCopyName(source: string): string
export declare function freshRunCopy(
  pg: typeof import('pg').default,
  adminUrl: string,
  source: string
): Promise<string>
