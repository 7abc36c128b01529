// Owns PostgREST's overload resolution for RPC: which function public.<fn> a set of argument names
// calls, and the errors it answers when none or several fit (PGRST202, PGRST203).
import { PostgrestError } from './PostgrestError';
import type { PublicFunction } from './publicFunctions';

/**
 * PostgREST's rule: every required parameter named, and nothing named that is not a parameter.
 * An unnamed parameter can never be named: such a function is only reached by takesWholeBody.
 */
function accepts(candidate: PublicFunction, keys: Set<string>): boolean {
  const required = candidate.params.filter((param) => param.required).map((param) => param.name);
  const known = new Set(candidate.params.map((param) => param.name));
  return required.every((name) => keys.has(name)) && [...keys].every((key) => known.has(key));
}

/** A function PostgREST hands a POST's whole JSON body to: `f(json)` or `f(jsonb)`, unnamed. */
export function takesWholeBody(candidate: PublicFunction): boolean {
  const [param, ...others] = candidate.params;
  return others.length === 0 && param?.name === '' && (param.type === 'json' || param.type === 'jsonb');
}

/** "(a, b)": a parameter list as PostgREST's messages print it, sorted by name. */
function parameterList(names: string[]): string {
  return `(${[...names].sort().join(', ')})`;
}

/**
 * PostgREST suggests the overload whose parameters come closest to the names given (it uses a
 * fuzzy match; sharing the most names is close enough here). With no function of that name it
 * fuzzy-matches other function names, which this stand-in does not: the hint is then null.
 */
function closestOverload(overloads: PublicFunction[], keys: Set<string>): string | null {
  let best: PublicFunction | undefined;
  let bestShared = -1;
  for (const candidate of overloads) {
    const shared = candidate.params.filter((param) => keys.has(param.name)).length;
    if (shared > bestShared) [best, bestShared] = [candidate, shared];
  }
  if (!best) return null;
  return `Perhaps you meant to call the function public.${best.name}${parameterList(best.params.map((param) => param.name))}`;
}

function noFunction(name: string, keys: Set<string>, isPost: boolean, overloads: PublicFunction[]) {
  const sorted = [...keys].sort();
  const searched =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  return new PostgrestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${sorted.length ? parameterList(sorted) : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    closestOverload(overloads, keys),
  );
}

/** The one overload of public.<name> that these argument names call, as PostgREST picks it. */
export function matchFunction(
  name: string,
  overloads: PublicFunction[],
  keys: Set<string>,
  isPost: boolean,
): PublicFunction {
  const named = overloads.filter((candidate) => accepts(candidate, keys));
  // With no named match, a POST falls back to a function of one unnamed json/jsonb parameter.
  const matches = named.length || !isPost ? named : overloads.filter(takesWholeBody);
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  if (matches.length === 0) throw noFunction(name, keys, isPost, overloads);
  const signatures = matches.map(
    (candidate) =>
      `public.${candidate.name}(${candidate.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`,
  );
  throw new PostgrestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}
