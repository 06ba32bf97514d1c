export const MEMBER_COLUMNS: string[];
export function parseCsv(text: string): Record<string, string>[];
export function formatCsv(columns: string[], rows: Record<string, unknown>[]): string;
export function parseMembers(text: string): { sid: string; userId?: string; username?: string }[];
