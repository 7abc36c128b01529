// The type of the renderer bundle (dist/server/main.js): what its entry exports
// (shell/src/render/entry.server.ts), imported, never restated.
export * from '../src/render/entry.server.js';
