import { useCallback } from 'react';
import { useAppDispatch } from '../../app/store';
import { toastShown, type ToastVariant } from './toastSlice';

let lastId = 0;

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
}

/** The action that shows a toast (a new one replaces the one showing). */
export function showToast({ title, description, variant = 'default' }: ToastInput) {
  lastId += 1;
  return toastShown({ id: lastId, title, ...(description ? { description } : {}), variant });
}

export function useToast() {
  const dispatch = useAppDispatch();
  return useCallback((toast: ToastInput) => dispatch(showToast(toast)), [dispatch]);
}
