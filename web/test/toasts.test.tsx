// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/features/toasts/Toaster';
import { initialToastState, toastDismissed, toastRemoved, toastShown, toastSlice } from '../src/store/toastSlice';
import { showToast } from '../src/features/toasts/useToast';
import { renderWithStore } from './helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const reduce = toastSlice.reducer;

describe('toast queue', () => {
  it('keeps at most one toast: a new one replaces the one showing', () => {
    let state = reduce(initialToastState, toastShown({ id: 1, title: 'Bir' }));
    state = reduce(state, toastShown({ id: 2, title: 'İki', variant: 'error' }));
    expect(state.items).toEqual([{ id: 2, title: 'İki', variant: 'error', open: true }]);
  });

  it('closes a dismissed toast first and removes it afterwards', () => {
    let state = reduce(initialToastState, toastShown({ id: 1, title: 'Bir' }));
    state = reduce(state, toastDismissed(1));
    expect(state.items[0]?.open).toBe(false);
    state = reduce(state, toastRemoved(1));
    expect(state.items).toEqual([]);
  });

  it('dismisses every toast when no id is given, and gives new toasts fresh ids', () => {
    const first = showToast({ title: 'a' });
    const second = showToast({ title: 'b' });
    expect(second.payload.id).toBeGreaterThan(first.payload.id);
    let state = reduce(initialToastState, first);
    state = reduce(state, toastDismissed(undefined));
    expect(state.items.every((t) => !t.open)).toBe(true);
  });
});

describe('Toaster', () => {
  it('shows one toast at a time, for 5 seconds', async () => {
    vi.useFakeTimers();
    const { store } = renderWithStore(<Toaster />);
    act(() => {
      store.dispatch(showToast({ title: 'Giriş Başarılı!', description: 'Hoş geldin Ayşe', variant: 'success' }));
    });
    expect(screen.getByText('Giriş Başarılı!')).toBeTruthy();
    act(() => {
      store.dispatch(showToast({ title: 'Kopyalandı! ✅' }));
    });
    expect(screen.queryByText('Giriş Başarılı!')).toBeNull();
    expect(screen.getByText('Kopyalandı! ✅')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(4_900);
    });
    expect(store.getState().toasts.items[0]?.open).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(store.getState().toasts.items[0]?.open ?? false).toBe(false);
  });

  it('has a region reachable with F8 and a close button', () => {
    const { store } = renderWithStore(<Toaster />);
    act(() => {
      store.dispatch(showToast({ title: 'Hata' }));
    });
    expect(screen.getByRole('region', { name: /F8/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(store.getState().toasts.items[0]?.open ?? false).toBe(false);
  });
});
