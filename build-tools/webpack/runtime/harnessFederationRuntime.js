import { federationRuntimeCore } from './provideFederationRuntime.js';

/**
 * A remote's isolation harness runs without the shell, which is what provides the federation
 * runtime remotes use; the harness page loads this script first to provide the same one, from the
 * remote's own build.
 */
globalThis._FEDERATION_RUNTIME_CORE ??= federationRuntimeCore;
