const { TestEnvironment } = require('jest-environment-jsdom');

/**
 * jsdom leaves out web APIs that browsers and Node both have (fetch, Request, TextEncoder,
 * streams...), which react-router and the backend clients use. This environment hands the test
 * window Node's own implementations, so tests run the real code paths rather than stand-ins.
 */
const NODE_WEB_APIS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
  'structuredClone',
  'WebSocket',
];

class JsdomWithWebApis extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_WEB_APIS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithWebApis;
