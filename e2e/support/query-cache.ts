import type { Page } from '@playwright/test';

/** True once the persisted query cache of `page` (IndexedDB, written at most once a second) holds the query `key`. */
export function persisted(page: Page, key: unknown[]): Promise<boolean> {
  return page.evaluate(async (queryKey) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => Object.assign(indexedDB.open('pitwall-query-cache'), { onsuccess(this: IDBOpenDBRequest) { resolve(this.result); }, onerror: reject }));
    const value = await new Promise<unknown>((resolve) => Object.assign(db.transaction('entries').objectStore('entries').get('pitwall-query-cache'), { onsuccess(this: IDBRequest) { resolve(this.result); } }));
    db.close();
    return typeof value === 'string' && value.includes(`"queryKey":${queryKey}`);
  }, JSON.stringify(key));
}
