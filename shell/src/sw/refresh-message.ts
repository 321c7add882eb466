/** The message a loaded page posts to its service worker: fetch /config.json and the remotes' manifests again, and cache a redeployed remote for the next load. */
export const REFRESH_MESSAGE = 'pitwall:refresh-deployment';
