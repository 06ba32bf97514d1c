export interface Step {
  rate: number;
  sent: number;
  errors: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  arrivalShare: number;
  sustained: boolean;
}
export const SUSTAINED: { p99Ms: number; minArrivalShare: number };
export function stepsOf(summary: unknown, scenario: string, rates: number[], stepSeconds: number, options?: { p99Ms?: number }): Step[];
export function maxSustainable(steps: Step[]): { rate: number; step: Step | null; dips: number; brokeAt: number | null };
export function totalsOf(summary: unknown): { accepted: number; errors: number; errorsByKind: Record<string, number>; dropped: number };
export function actionTotalsOf(summary: unknown): Record<string, { accepted: number; errors: number }>;
