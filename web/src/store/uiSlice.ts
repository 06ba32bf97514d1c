import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { trSession } from '../i18n/tr-session';

export type SignInReason = keyof typeof trSession.signInRequired.reasons;

/** The one dialog open at a time: switching from one to another closes the first. */
export type OpenDialog =
  | { kind: 'login' }
  | { kind: 'register' }
  | { kind: 'signInRequired'; reason: SignInReason }
  | { kind: 'createPoll' }
  | { kind: 'shareLink'; url: string }
  | null;

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { dialog: null as OpenDialog },
  reducers: {
    dialogOpened(state, action: PayloadAction<NonNullable<OpenDialog>>) {
      state.dialog = action.payload;
    },
    dialogClosed(state) {
      state.dialog = null;
    },
  },
  selectors: {
    selectDialog: (state) => state.dialog,
  },
});

export const { dialogOpened, dialogClosed } = uiSlice.actions;
export const { selectDialog } = uiSlice.selectors;
