/** The three sign-in modes of the login screen (docs/product.md, 'Sign-in': 'Setup Team', 'Admin Login', 'Team Member'). */
export type LoginTab = 'setup' | 'admin' | 'member';

/** localStorage key of the tab used last on this device. */
const LAST_LOGIN_TAB_KEY = 'pitwall.login-tab';

const TABS: readonly LoginTab[] = ['setup', 'admin', 'member'];

/**
 * The tab the login screen opens on: the one used last on this device, 'member' the first time
 * (three of four roles sign in as team members) or when storage is unavailable or holds junk.
 */
export function readLastLoginTab(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): LoginTab {
  try {
    const stored = storage?.getItem(LAST_LOGIN_TAB_KEY);
    return TABS.find((tab) => tab === stored) ?? 'member';
  } catch {
    return 'member';
  }
}

/** Remembers `tab` as the one used last on this device (ignored when storage is unavailable). */
export function rememberLoginTab(tab: LoginTab, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(LAST_LOGIN_TAB_KEY, tab);
  } catch {
    // private mode or storage full: the screen simply opens on Team Member next time
  }
}
