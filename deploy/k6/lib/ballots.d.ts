export function voteBody(
  i: number,
  options: number,
  every: number,
): { optionIndex: number } | { optionIndexes: number[] };
export function optionsMarked(i: number, every: number): number;
export function followUpOf(i: number, every: number): 'change' | 'take' | null;
export function changedBody(i: number, options: number): { optionIndex: number };
export function rankingOf(i: number, options: number): number[];
