/** Build-time variables, replaced by the build (webpack EnvironmentPlugin); real in jest. */
declare const process: { env: Record<string, string | undefined> };
