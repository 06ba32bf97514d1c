export function ensureComposeCheck(): string;
export function ensureKustomize(): [string, string];
