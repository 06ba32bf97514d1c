export function ensureK6(): string;
export function waitReady(name: string, url: string, proc: import('node:child_process').ChildProcess, timeoutMs?: number): Promise<void>;
export function seedMembers(
  count: number,
  options: { mongoUrl: string; redisUrl: string; authRoot?: string; mongoDb?: string },
): Promise<{ sids: string[]; ids: string[]; usernames: string[] }>;
