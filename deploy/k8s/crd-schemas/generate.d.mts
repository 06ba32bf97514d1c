export const SOURCES: { module: string; version: string; files: string[] }[];
export function strict(schema: unknown): unknown;
export function schemasOf(crd: unknown): [string, unknown][];
export function generate(): { path: string; text: string; from: string }[];
