export const MEMBER_COLUMNS: string[];
export function parseCsv(text: string): Record<string, string>[];
export function formatCsv(columns: string[], rows: Record<string, unknown>[]): string;
/** Rows with `sid` (a local stack's members, what the bench writes) or `token` (members made through the API). */
export function parseMembers(text: string): { sid: string; token?: string; userId?: string; username?: string }[];
