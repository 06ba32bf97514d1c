import type { JetStreamClient, JsMsg } from 'nats';
import { deadLetterSubject } from '@meydan/proto';
import type { Logger } from '../logger.js';
import { jetstreamDeadLetters } from '../metrics.js';
import type { ContractBook } from './contracts.js';
import { codec, headersWith, requestIdIn } from './wire.js';

/**
 * What a consumer does with a message it cannot handle: one that breaks its contract, or that failed its last
 * delivery, is copied to `deadletter.<durable>` and terminated.
 */
export class DeadLetters {
  constructor(
    private readonly js: JetStreamClient,
    private readonly book: ContractBook,
  ) {}

  /**
   * The payload of a consumed message, or null after dead-lettering it: a message that is not JSON or breaks its
   * subject's contract would fail the same way on every delivery, so it goes to `deadletter.<durable>` at once and
   * the handler never sees it.
   */
  async validEvent(m: JsMsg, durable: string, filter: string, log: Logger): Promise<{ payload: unknown } | null> {
    const checked = this.checkedEvent(m, filter);
    if ('payload' in checked) return checked;
    await this.refuseEvent(m, durable, checked.problem, log);
    return null;
  }

  /** The payload of a consumed message, or what breaks its contract (synchronous: the common case awaits nothing). */
  checkedEvent(m: JsMsg, filter: string): { payload: unknown } | { problem: string } {
    let payload: unknown;
    let problem: string | null;
    try {
      payload = codec.decode(m.data);
      const contract = this.book.consumedContract(filter, m.subject);
      problem = contract ? this.book.problem(contract, payload) : 'no contract for this subject';
    } catch {
      problem = 'not JSON';
    }
    return problem === null ? { payload } : { problem };
  }

  async refuseEvent(m: JsMsg, durable: string, problem: string, log: Logger): Promise<void> {
    log.error({ problem }, 'event breaks its contract: dead-lettered');
    await this.deadLetter(m, durable, `contract: ${problem}`, log);
  }

  async deadLetter(m: JsMsg, durable: string, reason: string, log: Logger): Promise<void> {
    try {
      const h = headersWith(requestIdIn(m.headers));
      h.set('x-original-subject', m.subject);
      h.set('x-error', reason.slice(0, 500));
      h.set('x-deliveries', String(m.info.redeliveryCount));
      await this.js.publish(deadLetterSubject(durable), m.data, { headers: h });
      m.term();
      jetstreamDeadLetters.inc({ consumer: durable });
    } catch (dlqErr) {
      log.error({ err: dlqErr }, 'dead-lettering failed; leaving for redelivery');
      m.nak(5000);
    }
  }
}
