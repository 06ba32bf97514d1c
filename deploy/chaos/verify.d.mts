/** One answer of the chaos storm: when it came (`t`), when its request was sent, the poll key, the voter, the status (0: none). */
export interface StormAnswer {
  t: number;
  sent: number;
  poll: string;
  voter: string;
  status: number;
}
export function readAnswers(consoleFile: string): StormAnswer[];
export function inFlightDuring(answer: StormAnswer, window: { start: number; end: number }): boolean;
export function outcomeUnknown(status: number): boolean;
/** Whether the storm's vote failed: anything but a 2xx. */
export function failed(answer: StormAnswer): boolean;
/** A fault's failed votes, their longest run (in the order sent) and when votes flowed again (null: never). */
export function recoveryOf(answers: StormAnswer[], window: { start: number; end: number }): { failed: number; longestRun: number; recoveredAt: number | null };
/** A fault window as the chaos run records it. */
export interface FaultWindow {
  name: string;
  start: number;
  end: number;
  recovered: number | null;
  graceful?: boolean;
}
/** The problems (one line each) that fail the run beside lost or doubled votes. */
export function faultProblems(
  figures: { window: FaultWindow; failed: number; checked: number; recoveryMs: number | null }[],
  options?: { recoveryBoundS?: number },
): string[];
/** One change or take-back of the chaos storm after an accepted vote (issue 38). */
export interface StormChange extends StormAnswer {
  kind: 'change' | 'take';
  /** The option moved to (null: a take-back). */
  option: number | null;
  /** A refusal's error code (e.g. `event_not_published`: made, announced later), null when none was read. */
  error: string | null;
}
export function readChanges(consoleFile: string): StormChange[];
/** Where each voter's ballot must end, by `<poll>|<voter>`: present, absent (taken back) or either (cut off). */
export function expectedBallots(accepted: StormAnswer[], changes: StormChange[]): Map<string, 'present' | 'absent' | 'either'>;
