export interface Target {
  kind: 'performance' | 'correctness';
  name: string;
  value: unknown;
  pass: boolean | null;
  detail: string;
}
export const LIMITS: Record<string, number>;
export function evaluateTargets(results: unknown): Target[];
export function renderReport(results: unknown): string;
export function stackCpuPerRequest(scenario: unknown): number | null;
export function stackCpuAtMax(scenario: unknown): number | null;
