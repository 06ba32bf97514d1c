// Types for node-runtime.mjs (plain JS so it can run before `npm install`).
export const RUNTIME_ENV: Readonly<Record<string, string>>;
export const RUNTIME_NODE_OPTIONS: readonly string[];
export function withNodeRuntime(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function startNodeProcess(
  name: string,
  script: string,
  options?: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv; runtime?: boolean; logFile?: string; cwd?: string },
): import('./servers.mjs').ProcessHandle;
