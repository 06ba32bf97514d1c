/**
 * The spec's logged-out flag in local storage: after an explicit sign-out the app starts as a visitor without
 * asking the server for a session. The session itself is the httpOnly cookie the server set; this flag decides
 * nothing about who the user is.
 */
export const LOGGED_OUT_KEY = 'loggedOut';

export function readLoggedOut(): boolean {
  try {
    return globalThis.localStorage?.getItem(LOGGED_OUT_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeLoggedOut(loggedOut: boolean): void {
  try {
    if (loggedOut) globalThis.localStorage?.setItem(LOGGED_OUT_KEY, 'true');
    else globalThis.localStorage?.removeItem(LOGGED_OUT_KEY);
  } catch {
    // Storage unavailable: the app just asks the server each time.
  }
}
