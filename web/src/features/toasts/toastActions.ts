/**
 * What a toast's button does. Toasts live in the store, which holds only plain data, so the callback stays here
 * and the toast carries its id.
 */
const actions = new Map<string, () => void>();

export function registerToastAction(actionId: string, run: () => void): string {
  actions.set(actionId, run);
  return actionId;
}

export function runToastAction(actionId: string): void {
  actions.get(actionId)?.();
}
