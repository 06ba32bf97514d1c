export interface LayoutShift {
  startTime: number;
  value: number;
}
export const PHONE: { viewport: { width: number; height: number }; deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean; userAgent: string };
export const SLOW_4G: { offline: boolean; latency: number; downloadThroughput: number; uploadThroughput: number };
export const CPU_SLOWDOWN: number;
export function clsOfShifts(shifts: readonly LayoutShift[]): number;
export function median(values: readonly (number | null | undefined)[]): number | null;
export function measureWebVitals(options: {
  base: string;
  sid: string;
  pollId: string;
  shareCode: string;
  runs?: number;
  settleMs?: number;
  say?: (line: string) => void;
}): Promise<unknown>;
