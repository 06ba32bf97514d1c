import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstallPrompt, type BeforeInstallPromptEvent } from '../src/features/pwa/installPrompt';
import { installPromptKeys } from '../src/features/pwa/storageKeys';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

function setup(options: { stored?: Record<string, string>; standalone?: boolean } = {}) {
  const storage = memoryStorage(options.stored);
  const visible: boolean[] = [];
  const prompt = createInstallPrompt({
    storage,
    isStandalone: () => options.standalone ?? false,
    onVisibleChange: (v) => visible.push(v),
  });
  return { storage, visible, prompt };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('install prompt', () => {
  it('appears 10 s after the browser offers installation, and records that it was shown', () => {
    const { storage, visible, prompt } = setup();
    const { event } = offer();
    prompt.offered(event);
    expect(event.defaultPrevented).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(visible).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(visible).toEqual([true]);
    expect(storage.items.get(installPromptKeys.shown)).toBe('true');
  });

  it.each([
    ['shown before', { [installPromptKeys.shown]: 'true' }],
    ['dismissed before', { [installPromptKeys.dismissed]: 'true' }],
  ])('never appears when it was %s, and leaves the browser its own install UI', (_label, stored) => {
    const { visible, prompt } = setup({ stored });
    const { event } = offer();
    prompt.offered(event);
    vi.advanceTimersByTime(60_000);
    expect(visible).toEqual([]);
    expect(event.defaultPrevented).toBe(false);
  });

  it('never appears when the app already runs standalone', () => {
    const { visible, prompt } = setup({ standalone: true });
    prompt.offered(offer().event);
    vi.advanceTimersByTime(60_000);
    expect(visible).toEqual([]);
  });

  it('dismissing hides it and records the dismissal', () => {
    const { storage, visible, prompt } = setup();
    prompt.offered(offer().event);
    vi.advanceTimersByTime(10_000);
    prompt.dismiss();
    expect(visible).toEqual([true, false]);
    expect(storage.items.get(installPromptKeys.dismissed)).toBe('true');
  });

  it('declining in the browser’s dialog counts as a dismissal; accepting does not', async () => {
    const declined = setup();
    const declinedOffer = offer('dismissed');
    declined.prompt.offered(declinedOffer.event);
    vi.advanceTimersByTime(10_000);
    await expect(declined.prompt.install()).resolves.toBe('dismissed');
    expect(declinedOffer.prompt).toHaveBeenCalledOnce();
    expect(declined.visible).toEqual([true, false]);
    expect(declined.storage.items.get(installPromptKeys.dismissed)).toBe('true');

    const accepted = setup();
    accepted.prompt.offered(offer('accepted').event);
    vi.advanceTimersByTime(10_000);
    await expect(accepted.prompt.install()).resolves.toBe('accepted');
    expect(accepted.visible).toEqual([true, false]);
    expect(accepted.storage.items.has(installPromptKeys.dismissed)).toBe(false);
  });

  it('installing from the browser’s menu hides it, also before the 10 s have passed', () => {
    const { visible, prompt } = setup();
    prompt.offered(offer().event);
    vi.advanceTimersByTime(10_000);
    prompt.installed();
    expect(visible).toEqual([true, false]);

    const early = setup();
    early.prompt.offered(offer().event);
    vi.advanceTimersByTime(5_000);
    early.prompt.installed();
    vi.advanceTimersByTime(10_000);
    expect(early.visible).toEqual([]);
  });
});
