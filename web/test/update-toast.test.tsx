// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/features/toasts/Toaster';
import { registerToastAction } from '../src/features/toasts/toastActions';
import { showToast } from '../src/features/toasts/useToast';
import { renderWithStore } from './helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a toast with a button (the update-available toast)', () => {
  it('shows the button, runs its action, and stays past the default 5 s', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const actionId = registerToastAction('test-update', reload);
    const { store } = renderWithStore(<Toaster />);
    act(() => {
      store.dispatch(
        showToast({
          title: 'Yeni sürüm hazır',
          description: 'Yenile',
          action: { label: 'Yenile', actionId },
          persistent: true,
        }),
      );
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    const button = screen.getByRole('button', { name: 'Yenile' });
    fireEvent.click(button);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('an ordinary toast still closes after 5 s', () => {
    vi.useFakeTimers();
    const { store } = renderWithStore(<Toaster />);
    act(() => {
      store.dispatch(showToast({ title: 'Kısa mesaj' }));
    });
    expect(store.getState().toasts.items[0]?.open).toBe(true);
    act(() => {
      vi.advanceTimersByTime(5_100);
    });
    expect(store.getState().toasts.items[0]?.open ?? false).toBe(false);
  });
});
