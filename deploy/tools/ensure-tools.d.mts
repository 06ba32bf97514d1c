export function ensureComposeCheck(): string;
export function ensureKustomize(): [string, string];
export const KUBERNETES_VERSIONS: string[];
export function ensureKubeconform(): string;
export function ensureKubeSchemas(): Record<string, string>;
export function ensureK6(): string;
