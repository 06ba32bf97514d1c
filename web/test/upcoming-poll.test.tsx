// @vitest-environment jsdom
/**
 * A scheduled poll before its opening (issue 41, 4): the card says 'Yakında' with a countdown that runs each second,
 * offers no vote button, and turns into the vote buttons when the countdown reaches zero; a member may ask to be told
 * when it opens. The presenter's screen shows it the same way, with the time it opens, until it does.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PollCard } from '../src/features/polls/PollCard';
import { countdownText } from '../src/features/polls/Upcoming';
import { loadScreenOf } from '../src/app/router';
import { fakeApi, json, member, renderAppAt, renderWithStore } from './helpers';
import { testPoll } from './pollFixture';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * Lets `ms` pass a step at a time, each step's render scheduling the countdown's next tick. The odd part goes first,
 * so that every step ends on a tick: the render a tick asks for is made when its step ends (act), and schedules the
 * next tick a second after the tick counted from that end, so a step ending past a tick would put every later one off.
 */
const pass = (ms: number, step = 1_000) => {
  for (let left = ms; left > 0; ) {
    const now = left % step || step;
    act(() => void vi.advanceTimersByTime(now));
    left -= now;
  }
};
const voteButtons = () => screen.queryAllByRole('button', { name: /^Şık \d$/ });

describe('the countdown to a poll’s opening', () => {
  it('reads minutes and seconds, hours, then days and hours', () => {
    expect(countdownText(5_000)).toBe('0:05');
    expect(countdownText(4_001)).toBe('0:05');
    expect(countdownText(65_000)).toBe('1:05');
    expect(countdownText(3_723_000)).toBe('1:02:03');
    expect(countdownText(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2 gün 3 saat');
    expect(countdownText(-1)).toBe('0:00');
  });

  it('counts down on the card without vote buttons, then offers them at the opening', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:00.000Z'));
    const poll = testPoll('p1', [0, 0], { isShareable: false, startsAt: '2026-11-29T12:00:05.000Z' });
    renderWithStore(<PollCard poll={poll} />);

    expect(screen.getByText('Yakında')).toBeTruthy();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('0:05');
    expect(voteButtons()).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Seçenekler (oylama henüz açılmadı)' }).textContent).toContain('Şık 1');

    pass(2_000);
    expect(screen.getByRole('timer').textContent).toBe('0:03');
    pass(2_999);
    expect(screen.getByRole('timer').textContent).toBe('0:01');
    expect(voteButtons()).toHaveLength(0);

    pass(1);
    expect(screen.queryByText('Yakında')).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(voteButtons()).toHaveLength(2);
  });

  it('lets a member ask to be told when it opens, and take it back', async () => {
    const { requests } = fakeApi({
      'POST /api/polls/p2/opening-reminder': { pollId: 'p2', reminded: true },
      'DELETE /api/polls/p2/opening-reminder': { pollId: 'p2', reminded: false },
    });
    const poll = testPoll('p2', [0, 0], {
      isShareable: false,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      remindOnOpening: false,
    });
    renderWithStore(<PollCard poll={poll} />, { user: member });
    const button = screen.getByRole('button', { name: 'Açılınca haber ver' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Açılınca haber verilecek' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Açılınca haber verilecek' }));
    await screen.findByRole('button', { name: 'Açılınca haber ver' });
    expect(requests.filter((r) => r.path === '/api/polls/p2/opening-reminder').map((r) => r.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });

  it('offers no reminder to a visitor or to the poll’s creator', () => {
    const poll = testPoll('p3', [0, 0], { isShareable: false, startsAt: new Date(Date.now() + 60_000).toISOString() });
    const visitor = renderWithStore(<PollCard poll={poll} />, { user: null });
    expect(screen.getByText('Yakında')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Açılınca haber ver' })).toBeNull();
    visitor.unmount();
    renderWithStore(<PollCard poll={{ ...poll, creatorId: member.id }} />, { user: member });
    expect(screen.queryByRole('button', { name: 'Açılınca haber ver' })).toBeNull();
  });
});

describe('a scheduled poll on the presenter’s screen', () => {
  it('says ‘Yakında’ with the opening time and the countdown instead of the results, then shows them at the opening', async () => {
    // The screen's module first, on the real clock: waiting for it under fake timers moves the fake clock (vi.waitFor
    // advances it by its interval at each look), and on a busy machine the countdown had moved on before it was read.
    await loadScreenOf('/sunum/p1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:00.000Z'));
    const startsAt = '2026-11-29T12:01:00.000Z';
    const poll = testPoll('p1', [0, 0], {
      isShareable: false,
      resultsVisible: true,
      title: 'Sunumda açılış',
      startsAt,
    });
    fakeApi({ 'GET /api/polls/p1': () => json(poll) });
    renderAppAt('/sunum/p1', { user: member });
    await vi.waitFor(() => expect(document.querySelector('[data-presenter-upcoming]')).not.toBeNull(), {
      timeout: 15_000,
    });
    const upcoming = document.querySelector('[data-presenter-upcoming]')!;
    expect(upcoming.textContent).toContain('Yakında');
    expect(upcoming.querySelector('[data-opens-at]')!.textContent).toMatch(
      /^Oylama 29 Kasım 2026 \d{2}:01 tarihinde açılacak$/,
    );
    // The countdown shows what is left by the (fake) clock, as long as the wait above moved it less than the minute
    // left before the opening.
    await act(async () => {});
    const left = Date.parse(startsAt) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(screen.getByRole('timer').textContent).toBe(countdownText(left));
    expect(screen.getByRole('timer').textContent).toMatch(/^(1:00|0:[0-5]\d)$/);
    expect(document.querySelector('[data-count="votes"]')!.textContent).toBe('0 oy · Yakında');
    expect(document.querySelector('[data-percent]')).toBeNull();
    pass(left);
    expect(document.querySelector('[data-presenter-upcoming]')).toBeNull();
    expect(document.querySelectorAll('[data-percent]')).toHaveLength(2);
    expect(document.querySelector('[data-count="votes"]')!.textContent).toBe('0 oy · Canlı');
  });
});
