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
