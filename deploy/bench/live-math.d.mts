export function latencySamples(answers: [number, number][], updatesBySocket: [number, number][][]): { samples: number[]; missed: number };
export function percentiles(samples: number[]): { count: number; p50: number | null; p95: number | null; p99: number | null; max: number | null };
