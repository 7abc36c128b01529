import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/**
 * The one federation runtime of a page, as remotes built with `experiments.externalRuntime` read
 * it (the global `_FEDERATION_RUNTIME_CORE`). These are the runtime-core exports that federation's
 * bundler runtime of the 2.x line uses; the documented provider
 * (`@module-federation/inject-external-runtime-core-plugin`) hands over the whole namespace,
 * which stops tree shaking and cost the shell 22 KB gzip more than the remote saved. Which
 * runtime the shell provides is part of its contract with every remote (docs/architecture.md).
 */
export const federationRuntimeCore = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** Runtime plugin of the shell: provides the runtime before any remote container is loaded. */
export default function provideFederationRuntime() {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      globalThis._FEDERATION_RUNTIME_CORE ??= federationRuntimeCore;
      return args;
    },
  };
}
