export function ensureK6(): string;
export function seedMembers(
  count: number,
  options: { mongoUrl: string; redisUrl: string; authRoot?: string; mongoDb?: string },
): Promise<{ sids: string[]; ids: string[]; usernames: string[] }>;
