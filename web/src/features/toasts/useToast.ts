import { useCallback } from 'react';
import { useAppDispatch } from '../../store/store';
import { toastShown, type ToastVariant } from '../../store/toastSlice';

let lastId = 0;

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  action?: { label: string; actionId: string };
  persistent?: boolean;
}

/** The action that shows a toast (a new one replaces the one showing). */
export function showToast({ title, description, variant = 'default', action, persistent }: ToastInput) {
  lastId += 1;
  return toastShown({
    id: lastId,
    title,
    ...(description ? { description } : {}),
    variant,
    ...(action ? { action } : {}),
    ...(persistent ? { persistent } : {}),
  });
}

export function useToast() {
  const dispatch = useAppDispatch();
  return useCallback((toast: ToastInput) => dispatch(showToast(toast)), [dispatch]);
}
