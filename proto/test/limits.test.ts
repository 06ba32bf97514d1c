import { describe, expect, it } from 'vitest';
import { limits } from '../src/index.js';

describe('limits', () => {
  it('has the poll limits of the spec', () => {
    expect(limits.poll.optionsMin).toBe(2);
    expect(limits.poll.optionsMax).toBe(6);
    expect(limits.poll.titleMax).toBe(200);
    expect(limits.poll.descriptionMax).toBe(500);
    expect(limits.poll.optionMax).toBe(100);
    expect(limits.poll.durationsHours).toEqual([1, 6, 12, 24, 48, 168, 0]);
    expect(limits.poll.defaultDurationHours).toBe(24);
    expect(limits.poll.durationsHours).toContain(limits.poll.defaultDurationHours);
    expect(limits.poll.maxExpiryDays).toBe(30);
    expect(limits.poll.editWindowSeconds).toBe(60);
    expect(limits.poll.editWindowMs).toBe(limits.poll.editWindowSeconds * 1000);
    expect(limits.poll.friendsVotedAvatars).toBe(5);
    expect(limits.poll.friendsUnvotedAvatars).toBe(3);
    expect(limits.poll.groupAnalysisMinVotes).toBe(2);
    expect(limits.poll.shortCodeLength).toBe(10);
  });

  it('has the quick question, account, contact and comment limits', () => {
    expect(limits.quick.questionMax).toBe(150);
    expect(limits.quick.optionMax).toBe(50);
    expect(limits.quick.autoAdvanceMs).toBe(1500);
    expect(limits.user.passwordMin).toBe(6);
    expect(limits.user.bioMax).toBe(160);
    expect(limits.user.usernameMin).toBe(3);
    expect(limits.user.usernameMax).toBe(30);
    expect(limits.user.avatarMaxBytes).toBe(5 * 1024 * 1024);
    expect(limits.user.initialsMax).toBe(2);
    expect(limits.contact.nameMin).toBe(2);
    expect(limits.contact.messageMin).toBe(10);
    expect(limits.contact.subjects).toEqual(['genel', 'teknik', 'hesap', 'ozellik', 'kvkk', 'sikayet']);
    expect(limits.comment.max).toBe(500);
    expect(limits.auth.activationLinkHours).toBe(24);
    expect(limits.auth.activationLinkMs).toBe(24 * 3600 * 1000);
    expect(limits.auth.sessionDays).toBe(30);
  });

  it('has the realtime, toast, refresh and API constants', () => {
    expect(limits.refresh.publicPollMs).toBe(10_000);
    expect(limits.notifications.unreadBadgeCap).toBe(99);
    expect(limits.notifications.reconnectDelayMs).toBe(3000);
    expect(limits.toast.limit).toBe(1);
    expect(limits.toast.durationMs).toBe(5000);
    expect(limits.toast.swipeThresholdPx).toBe(50);
    expect(limits.api.rateLimitsPerHour).toEqual({ free: 100, developer: 1000, business: 10_000 });
    expect(limits.profile.questionCount / limits.profile.questionsPerStep + 3).toBe(limits.profile.questionnaireSteps);
  });

  it('username pattern accepts letters (Turkish too), digits, _ and . only', () => {
    const re = new RegExp(limits.user.usernamePattern, 'u');
    expect(re.test('ali.veli_42')).toBe(true);
    expect(re.test('şükrü')).toBe(true);
    expect(re.test('ali veli')).toBe(false);
    expect(re.test('ali-veli')).toBe(false);
    expect(re.test('ali@')).toBe(false);
  });
});
