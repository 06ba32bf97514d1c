import { describe, expect, it } from 'vitest';
import { events, live, natsContracts, validate, type SchemaId } from '../src/index.js';

const at = '2025-05-01T10:00:00.000Z';
const pollId = '0123456789abcdef01234567';

describe('event and live message schemas', () => {
  it('take a vote as polls sends it and refuse what the vote consumer could not store', () => {
    const id = natsContracts.events[events.polls.voteCast].schema.$id as SchemaId;
    const vote = { pollId, creatorId: 'u1', voter: 'u:u2', userId: 'u2', optionIndex: 1, at };
    expect(validate(id, vote).ok).toBe(true);
    expect(validate(id, { ...vote, voter: 'v:visitor-1', userId: null }).ok).toBe(true);
    expect(validate(id, { ...vote, pollId: 'p1' }).ok).toBe(false);
    expect(validate(id, { ...vote, voter: 'x:u2' }).ok).toBe(false);
    expect(validate(id, { ...vote, optionIndex: -1 }).ok).toBe(false);
    expect(validate(id, { ...vote, extra: true }).ok).toBe(false);
  });

  it('give live.polls.counts one shape: counts by option index, as poll_update carries them', () => {
    const id = natsContracts.live[live.pollCounts].schema.$id as SchemaId;
    expect(validate(id, { pollId, voteCounts: { 0: 3, 1: 5 }, totalVotes: 8, at }).ok).toBe(true);
    expect(validate(id, { pollId, voteCounts: [3, 5], totalVotes: 8, at }).ok).toBe(false);
  });

  it('take both mail subjects with the mail schema', () => {
    expect(natsContracts.events[events.auth.mailRequested]).toEqual(natsContracts.events[events.admin.mailRequested]);
    // The body is sealed (the kit's sealMail): html and text in the clear are not a mail request.
    const mail = { to: 'ayse@example.com', subject: 'Merhaba', body: 'v1.c2VhbGVkLWJvZHktYnl0ZXM' };
    expect(validate('meydan/mail-request', mail).ok).toBe(true);
    expect(validate('meydan/mail-request', { ...mail, to: 'adres-degil' }).ok).toBe(false);
    expect(
      validate('meydan/mail-request', { to: mail.to, subject: mail.subject, html: '<p>Merhaba</p>', text: 'Merhaba' })
        .ok,
    ).toBe(false);
  });

  it('answer session and token lookups with a user or null', () => {
    expect(validate('meydan/nats-session-resolve-reply', null).ok).toBe(true);
    expect(validate('meydan/nats-session-resolve-reply', { userId: 'u1', role: 'member' }).ok).toBe(true);
    expect(validate('meydan/nats-session-resolve-reply', { userId: 'u1', role: 'root' }).ok).toBe(false);
    expect(
      validate('meydan/nats-token-resolve-reply', { userId: 'u1', role: 'admin', tier: 'free', tokenId: 't1' }).ok,
    ).toBe(true);
  });
});
