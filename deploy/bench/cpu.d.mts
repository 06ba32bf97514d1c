export type CpuReading = Record<string, number>;
export type CpuFigures = Record<string, { cpuMs: number; perRequestMs: number | null }>;
export function cpuWindow(before: CpuReading, after: CpuReading, accepted: number): CpuFigures;
export function cpuAt(samples: { t: number; cpu: CpuReading }[], t: number): CpuReading | null;
export function holdWindows(count: number, timing: { warmS: number; rampS: number; stepS: number }): [number, number][];
export function withStepCpu<S extends { sent: number; errors: number }>(
  steps: S[],
  samples: { t: number; cpu: CpuReading }[],
  startedAt: number,
  timing: { warmS: number; rampS: number; stepS: number },
): (S & { cpu: CpuFigures | null })[];
