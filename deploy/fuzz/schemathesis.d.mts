// Types for schemathesis.mjs (plain JS so it can run before `npm install`).
export const venvDir: string;
export function ensureSchemathesis(): string;
