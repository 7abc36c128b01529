// The type of the renderer bundle (dist/server/main.js): what its entry exports
// (shell/src/server/entry.server.ts), imported, never restated.
export * from '../src/server/entry.server.js';
