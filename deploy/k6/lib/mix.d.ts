export interface MixPlan {
  names: string[];
  weights: number[];
  total: number;
  sequence: number[];
  ordinal: number[];
}
export function mixPlan(weights: [string, number][]): MixPlan;
export function actionOf(plan: MixPlan, i: number): { action: string; n: number };
export function arrivalsOf(plan: MixPlan, action: string, arrivals: number): number;
export const MIXED_WEIGHTS: [string, number][];
