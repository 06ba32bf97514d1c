import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectionStatus } from './hub';

/** The realtime connection's state, for the bell's dot and the popover's Bağlı / Bağlantı Yok badge. */
export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: { status: 'disconnected' as ConnectionStatus },
  reducers: {
    statusChanged(state, action: PayloadAction<ConnectionStatus>) {
      state.status = action.payload;
    },
  },
  selectors: {
    selectConnectionStatus: (state) => state.status,
  },
});

export const { statusChanged } = realtimeSlice.actions;
export const { selectConnectionStatus } = realtimeSlice.selectors;
