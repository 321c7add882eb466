/**
 * The shell's `react-router-dom`: the same declarative-mode router as its `react-router`
 * (./react-router.ts), under the other share name (react-router 7's `react-router-dom` re-exports
 * `react-router`). A file of its own, because Module Federation provides one share name per file.
 */
export * from './react-router';
