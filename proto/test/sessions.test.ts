import { describe, expect, it } from 'vitest';
import { sessionStands, sessionUserOf } from '../src/sessions.js';

describe('a session against its account’s revocation epoch', () => {
  const session = (epoch?: number) =>
    sessionUserOf(JSON.stringify({ userId: 'u1', role: 'member', createdAt: '2026-01-01T00:00:00Z', epoch }))!;

  it('stands while the account’s epoch is the one it carries', () => {
    expect(sessionStands(session(1764000000000), '1764000000000')).toBe(true);
  });

  it('fails closed: a raised epoch, a lost one, a made-up one', () => {
    expect(sessionStands(session(1764000000000), '1764000000001')).toBe(false);
    expect(sessionStands(session(1764000000000), null)).toBe(false);
    expect(sessionStands(session(1764000000000), 'x')).toBe(false);
    expect(sessionUserOf(JSON.stringify({ userId: 'u1', role: 'member', epoch: '1' }))).toBeNull();
  });

  it('lets a session made before epochs existed stand only while its account has none', () => {
    expect(session().epoch).toBeNull();
    expect(sessionStands(session(), null)).toBe(true);
    expect(sessionStands(session(), '1764000000000')).toBe(false);
  });
});
