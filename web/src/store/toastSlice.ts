import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { limits } from '@meydan/proto';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** A button in the toast; `actionId` names a callback registered with `registerToastAction`. */
  action?: { label: string; actionId: string };
  /** Stays until dismissed instead of closing after the default duration. */
  persistent?: boolean;
  /** False while it animates out. */
  open: boolean;
}

export interface ToastState {
  items: ToastItem[];
  nextId: number;
}

export const initialToastState: ToastState = { items: [], nextId: 1 };

/**
 * The spec's toast rules: at most one at once (a new toast replaces the one showing), each lasts 5 s (the viewport's
 * duration), dismissing closes it first and removes it after its exit animation.
 */
export const toastSlice = createSlice({
  name: 'toasts',
  initialState: initialToastState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Omit<ToastItem, 'open'>>) {
        state.items = [{ ...action.payload, open: true }, ...state.items].slice(0, limits.toast.limit);
        state.nextId = Math.max(state.nextId, action.payload.id + 1);
      },
      prepare(toast: Omit<ToastItem, 'open' | 'variant'> & { variant?: ToastVariant }) {
        return { payload: { variant: 'default' as ToastVariant, ...toast } };
      },
    },
    toastDismissed(state, action: PayloadAction<number | undefined>) {
      for (const item of state.items) if (action.payload === undefined || item.id === action.payload) item.open = false;
    },
    toastRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed, toastRemoved } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
