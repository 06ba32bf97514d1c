export function voteBody(i: number, options: number, every: number): { optionIndex: number } | { optionIndexes: number[] };
export function optionsMarked(i: number, every: number): number;
