/**
 * @pitwall/kit/test: the helpers the shell's and remotes' component tests share (a fetch/upload
 * stub with a route table, a remote renderer with the kit's providers, the signed-in owner, and
 * a car, race event, issue and setup sheet to start from).
 * `setup-dom.ts` is the web tier's setup file (vitest.config.ts), not imported by tests.
 */
export { callsTo, json, screenView, stubFetch, type StubHandler } from './fetch-stub';
export { createRenderRemote, type RenderRemoteOptions } from './render-remote';
export { signedInOwner } from './signed-in-owner';
export { makeCar, makeIssue, makeRaceEvent, makeSetupSheet } from './fixtures';
