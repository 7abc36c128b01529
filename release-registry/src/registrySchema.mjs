// The registry's tables, roles and row-level security in Postgres, as numbered migrations: what
// is live in each environment, its history (and how much of it is kept), and which role may move
// which remote.
import { REGISTRY_CHANNEL, REGISTRY_REMOTE_CHANNEL } from './registryReader.mjs';
import { PREVIOUS_KEPT } from './previousVersions.mjs';

/** The remotes that have a team, each with its own role (`release_<remote>`). */
export const TEAM_REMOTES = ['marketing', 'booking', 'contact'];

/** The role of a remote's team: the only one that may move that remote's pointer. */
export const teamRole = (/** @type {string} */ remote) => `release_${remote}`;

/** The role shell servers read the registry with. */
export const READER_ROLE = 'release_reader';

/** @param {string} role a NOLOGIN role, created once: the operator gives it a login (docs/releases.md) */
const createRole = (role) => `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} NOLOGIN; END IF;
END $$;`;

const TABLES = `
CREATE TABLE release_environment (
  environment text PRIMARY KEY,
  allow_overrides boolean NOT NULL DEFAULT false,
  revision bigint NOT NULL DEFAULT 0
);
CREATE TABLE release_pointer (
  environment text NOT NULL REFERENCES release_environment,
  remote text NOT NULL,
  manifest_url text NOT NULL,
  revision bigint NOT NULL,
  PRIMARY KEY (environment, remote)
);
CREATE TABLE release_history (
  environment text NOT NULL REFERENCES release_environment,
  revision bigint NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  remote text NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'release', 'rollback', 'promote')),
  from_url text,
  to_url text NOT NULL,
  actor text,
  commit text,
  PRIMARY KEY (environment, revision)
);
ALTER TABLE release_environment ENABLE ROW LEVEL SECURITY;
ALTER TABLE release_pointer ENABLE ROW LEVEL SECURITY;
ALTER TABLE release_history ENABLE ROW LEVEL SECURITY;
-- Everyone who may connect reads everything: a release is verified against every remote's version.
CREATE POLICY anyone_reads ON release_environment FOR SELECT USING (true);
CREATE POLICY anyone_reads ON release_pointer FOR SELECT USING (true);
CREATE POLICY anyone_reads ON release_history FOR SELECT USING (true);
${createRole(READER_ROLE)}
GRANT SELECT ON release_environment, release_pointer, release_history TO ${READER_ROLE};`;

/**
 * A team's role: it counts its changes in the environment's revision (and may open an environment,
 * never one that allows QA overrides), and moves and records its own remote only. Its UPDATE policy
 * sees every pointer but accepts only its remote's, so moving another team's remote is an error,
 * not a silent zero rows.
 * @param {string} remote
 */
function teamSchema(remote) {
  const role = teamRole(remote);
  return `${createRole(role)}
GRANT SELECT ON release_environment, release_pointer, release_history TO ${role};
GRANT INSERT (environment, allow_overrides, revision), UPDATE (revision) ON release_environment TO ${role};
GRANT INSERT (environment, remote, manifest_url, revision), UPDATE (manifest_url, revision) ON release_pointer TO ${role};
GRANT INSERT ON release_history TO ${role};
CREATE POLICY ${role}_opens ON release_environment FOR INSERT TO ${role} WITH CHECK (NOT allow_overrides);
CREATE POLICY ${role}_counts ON release_environment FOR UPDATE TO ${role} USING (true) WITH CHECK (true);
CREATE POLICY ${role}_adds ON release_pointer FOR INSERT TO ${role} WITH CHECK (remote = '${remote}');
CREATE POLICY ${role}_moves ON release_pointer FOR UPDATE TO ${role} USING (true) WITH CHECK (remote = '${remote}');
CREATE POLICY ${role}_records ON release_history FOR INSERT TO ${role} WITH CHECK (remote = '${remote}');`;
}

/** The SQLSTATE release_change raises when the pointer no longer holds the URL the caller read. */
export const REGISTRY_CONFLICT = 'RG409';

/**
 * What every version of release_change has between its parameters and its own variables: what it
 * returns, that it runs as the tables' owner with an empty search_path, and the variables its steps
 * use: the caller (the role it SET ROLE to, else its login), whether the caller owns the tables, and
 * the revision and time the change makes.
 */
const RELEASE_CHANGE_HEAD = `RETURNS TABLE (revision bigint, at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ''
AS $$
#variable_conflict use_column
DECLARE
  caller name := coalesce(nullif(current_setting('role'), 'none'), session_user);
  is_owner boolean := pg_has_role(caller,
    (SELECT relowner FROM pg_catalog.pg_class WHERE oid = 'public.release_pointer'::regclass), 'USAGE');
  counted bigint;
  changed_at timestamptz;`;

/**
 * What every version of release_change does up to the history row (version 2's comment says what).
 * The head and the steps are written once, so a later version reads as version 2 plus what it adds;
 * migrations 2 and 3 both ran them, so they are never edited (registrySchema.test.mjs): a version
 * that changes them writes its own.
 */
const RELEASE_CHANGE_STEPS = `  IF NOT is_owner AND NOT EXISTS (
    SELECT FROM public.release_grant g JOIN pg_catalog.pg_roles r ON r.rolname = g.grantee
    WHERE g.environment = environment_name AND g.remote = remote_name
      AND pg_has_role(caller, r.oid, 'USAGE')
  ) THEN
    RAISE EXCEPTION '% may not move % in % (no release_grant for it)', caller, remote_name, environment_name
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF open_with_overrides AND NOT is_owner AND NOT EXISTS (
    SELECT FROM public.release_environment e WHERE e.environment = environment_name
  ) THEN
    RAISE EXCEPTION 'only the registry''s owner may open an environment that allows QA overrides'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  INSERT INTO public.release_environment AS e (environment, allow_overrides, revision)
    VALUES (environment_name, open_with_overrides, 1)
    ON CONFLICT (environment) DO UPDATE SET revision = e.revision + 1
    RETURNING revision INTO counted;
  IF expected_url IS NULL THEN
    INSERT INTO public.release_pointer (environment, remote, manifest_url, revision)
      VALUES (environment_name, remote_name, new_url, counted) ON CONFLICT (environment, remote) DO NOTHING;
  ELSE
    UPDATE public.release_pointer SET manifest_url = new_url, revision = counted
      WHERE environment = environment_name AND remote = remote_name AND manifest_url = expected_url;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION '% in % changed since you read it (it is now %, not %)', remote_name, environment_name,
      coalesce((SELECT p.manifest_url FROM public.release_pointer p
                WHERE p.environment = environment_name AND p.remote = remote_name), 'unset'),
      coalesce(expected_url, 'unset')
      USING ERRCODE = '${REGISTRY_CONFLICT}';
  END IF;
  INSERT INTO public.release_history
    (environment, revision, remote, action, from_url, to_url, actor, commit, db_role, verified)
    VALUES (environment_name, counted, remote_name, change_action, expected_url, new_url, change_actor,
            change_commit, caller, change_verified)
    RETURNING at INTO changed_at;`;

/**
 * Who may change the registry, in version 2: nobody writes its tables but their owner. A change is
 * `release_change(…)`, a SECURITY DEFINER function (search_path empty, every name qualified) that
 * refuses a caller without a grant for that remote in that environment (`release_grant`, which the
 * owner fills; the owner needs none), counts the revision, moves the pointer only if it still holds
 * the URL the caller read (else REGISTRY_CONFLICT), writes the history row with the caller's database
 * role and the database's time, and notifies, in the caller's transaction. The caller is the role it
 * SET ROLE to, else its login: inside the function `current_user` is the owner.
 */
const CHANGE_THROUGH_FUNCTION = `
ALTER TABLE release_history ADD COLUMN db_role text, ADD COLUMN verified boolean NOT NULL DEFAULT false;
CREATE TABLE release_grant (
  grantee text NOT NULL,
  remote text NOT NULL,
  environment text NOT NULL,
  PRIMARY KEY (grantee, remote, environment)
);
ALTER TABLE release_grant ENABLE ROW LEVEL SECURITY;
CREATE POLICY anyone_reads ON release_grant FOR SELECT USING (true);

CREATE FUNCTION public.release_change(
  environment_name text, remote_name text, expected_url text, new_url text, change_action text,
  change_actor text, change_commit text, change_verified boolean DEFAULT false,
  open_with_overrides boolean DEFAULT false
) ${RELEASE_CHANGE_HEAD}
BEGIN
${RELEASE_CHANGE_STEPS}
  PERFORM pg_notify('${REGISTRY_CHANNEL}', environment_name);
  RETURN QUERY SELECT counted, changed_at;
END;
$$;
REVOKE ALL ON FUNCTION public.release_change FROM PUBLIC;`;

/**
 * A team's role in version 2: it reads, and changes the registry only through release_change;
 * version 1's writes and their policies are taken back. @param {string} remote
 */
function teamThroughFunction(remote) {
  const role = teamRole(remote);
  return `
REVOKE INSERT, UPDATE, DELETE ON release_environment, release_pointer, release_history FROM ${role};
DROP POLICY ${role}_opens ON release_environment;
DROP POLICY ${role}_counts ON release_environment;
DROP POLICY ${role}_adds ON release_pointer;
DROP POLICY ${role}_moves ON release_pointer;
DROP POLICY ${role}_records ON release_history;
GRANT SELECT ON release_grant TO ${role};
GRANT EXECUTE ON FUNCTION public.release_change TO ${role};`;
}

/** The history rows kept per remote and environment, until the owner says otherwise. */
export const DEFAULT_HISTORY_KEPT = 200;

/**
 * The URLs of a remote whose history rows a prune keeps whatever their age, as a SQL expression:
 * the caller's list (the versions its release host still holds: retention's, which only the
 * commands know), each environment's live one, and each environment's earlier ones that `previous`
 * names (one more than it shows, since it leaves the live one out). Every environment counts,
 * since they may share one release host.
 */
const PROTECTED_URLS = `coalesce(keep_history_of, '{}')
    || ARRAY(SELECT p.manifest_url FROM public.release_pointer p WHERE p.remote = remote_name)
    || ARRAY(SELECT v.from_url FROM (
         SELECT h.from_url, row_number() OVER (PARTITION BY h.environment ORDER BY max(h.revision) DESC) AS place
         FROM public.release_history h WHERE h.remote = remote_name AND h.from_url IS NOT NULL
         GROUP BY h.environment, h.from_url) AS v
       WHERE v.place <= ${PREVIOUS_KEPT + 1})`;

/**
 * Version 3: history is pruned, and a notification names the remote.
 *
 * Pruning happens inside release_change, in the change's transaction: no cron, the rule is the
 * database's (a team's role still deletes nothing itself, and cannot keep fewer rows than the
 * owner set), and changes to one environment take turns on its row, so two prunes never race.
 * After each change, the changed remote's rows in that environment beyond the newest
 * `release_environment.history_kept` are deleted, except rows naming a protected URL
 * (PROTECTED_URLS): what `previous`, rollback, `rollback --to`'s verified check and retention read
 * stays. Only the owner's `keep_history_rows` sets `history_kept` (RELEASES_KEEP_HISTORY); a team's
 * is ignored.
 *
 * Each change notifies `release_registry` with the environment, as before (shell servers of an
 * earlier release still listen there), and `release_registry_remote` with `{environment, remote}`,
 * so a watching server reads only that remote. An index on (environment, remote, revision DESC)
 * serves both that read and the prune.
 */
const PRUNED_HISTORY = `
ALTER TABLE release_environment ADD COLUMN history_kept integer NOT NULL DEFAULT ${DEFAULT_HISTORY_KEPT}
  CHECK (history_kept > 0);
CREATE INDEX release_history_by_remote ON release_history (environment, remote, revision DESC);
DROP FUNCTION public.release_change(text, text, text, text, text, text, text, boolean, boolean);

CREATE FUNCTION public.release_change(
  environment_name text, remote_name text, expected_url text, new_url text, change_action text,
  change_actor text, change_commit text, change_verified boolean DEFAULT false,
  open_with_overrides boolean DEFAULT false, keep_history_rows integer DEFAULT NULL,
  keep_history_of text[] DEFAULT NULL
) ${RELEASE_CHANGE_HEAD}
  kept integer;
  protected_urls text[];
BEGIN
${RELEASE_CHANGE_STEPS}
  IF is_owner AND keep_history_rows IS NOT NULL THEN
    UPDATE public.release_environment SET history_kept = keep_history_rows
      WHERE environment = environment_name;
  END IF;
  kept := (SELECT e.history_kept FROM public.release_environment e WHERE e.environment = environment_name);
  protected_urls := ${PROTECTED_URLS};
  DELETE FROM public.release_history h
    WHERE h.environment = environment_name AND h.remote = remote_name
      AND h.revision < (SELECT min(newest.revision) FROM (
            SELECT n.revision FROM public.release_history n
            WHERE n.environment = environment_name AND n.remote = remote_name
            ORDER BY n.revision DESC LIMIT kept) AS newest)
      AND h.to_url <> ALL(protected_urls)
      AND (h.from_url IS NULL OR h.from_url <> ALL(protected_urls));
  PERFORM pg_notify('${REGISTRY_CHANNEL}', environment_name);
  PERFORM pg_notify('${REGISTRY_REMOTE_CHANNEL}',
    pg_catalog.json_build_object('environment', environment_name, 'remote', remote_name)::text);
  RETURN QUERY SELECT counted, changed_at;
END;
$$;
REVOKE ALL ON FUNCTION public.release_change FROM PUBLIC;
${TEAM_REMOTES.map((remote) => `GRANT EXECUTE ON FUNCTION public.release_change TO ${teamRole(remote)};`).join('\n')}`;

/**
 * Version 4: release_change looks up no name in the caller's temporary schema. With an empty
 * search_path PostgreSQL still searches the caller's pg_temp first for type and table names, and
 * every login may create temporary objects: a team's login could put a domain named `name`, with a
 * CHECK calling its own function, where the body declares `caller name`, and that function would
 * run as the registry's owner. Its path is now `pg_catalog, pg_temp` (pg_temp last, as PostgreSQL's
 * docs on SECURITY DEFINER say), and every type its head and its pruning name is qualified besides.
 * The same signature, so its grants stay; version 2's steps name no type and run unchanged.
 */
const CHANGE_WITHOUT_CALLERS_TYPES = `
CREATE OR REPLACE FUNCTION public.release_change(
  environment_name pg_catalog.text, remote_name pg_catalog.text, expected_url pg_catalog.text,
  new_url pg_catalog.text, change_action pg_catalog.text, change_actor pg_catalog.text,
  change_commit pg_catalog.text, change_verified pg_catalog.bool DEFAULT false,
  open_with_overrides pg_catalog.bool DEFAULT false, keep_history_rows pg_catalog.int4 DEFAULT NULL,
  keep_history_of pg_catalog.text[] DEFAULT NULL
) RETURNS TABLE (revision pg_catalog.int8, at pg_catalog.timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  caller pg_catalog.name := coalesce(nullif(current_setting('role'), 'none'), session_user);
  is_owner pg_catalog.bool := pg_has_role(caller,
    (SELECT relowner FROM pg_catalog.pg_class WHERE oid = 'public.release_pointer'::pg_catalog.regclass), 'USAGE');
  counted pg_catalog.int8;
  changed_at pg_catalog.timestamptz;
  kept pg_catalog.int4;
  protected_urls pg_catalog.text[];
BEGIN
${RELEASE_CHANGE_STEPS}
  IF is_owner AND keep_history_rows IS NOT NULL THEN
    UPDATE public.release_environment SET history_kept = keep_history_rows
      WHERE environment = environment_name;
  END IF;
  kept := (SELECT e.history_kept FROM public.release_environment e WHERE e.environment = environment_name);
  protected_urls := ${PROTECTED_URLS};
  DELETE FROM public.release_history h
    WHERE h.environment = environment_name AND h.remote = remote_name
      AND h.revision < (SELECT min(newest.revision) FROM (
            SELECT n.revision FROM public.release_history n
            WHERE n.environment = environment_name AND n.remote = remote_name
            ORDER BY n.revision DESC LIMIT kept) AS newest)
      AND h.to_url <> ALL(protected_urls)
      AND (h.from_url IS NULL OR h.from_url <> ALL(protected_urls));
  PERFORM pg_notify('${REGISTRY_CHANNEL}', environment_name);
  PERFORM pg_notify('${REGISTRY_REMOTE_CHANNEL}',
    pg_catalog.json_build_object('environment', environment_name, 'remote', remote_name)::pg_catalog.text);
  RETURN QUERY SELECT counted, changed_at;
END;
$$;`;

/**
 * Version 5 (4 is the functions' search_path): each environment's keep settings, which a prune of
 * any store reads for it (release-tools' retention.mjs). Only the tables' owner writes them (no
 * role is granted a write, and row-level security is on): a team's job may keep more for its own
 * environment, never fewer, and never decides another environment's. No row: the defaults
 * (registryRetention.mjs).
 */
const KEEP_SETTINGS = `
CREATE TABLE release_retention (
  environment text PRIMARY KEY,
  keep integer NOT NULL CHECK (keep >= 1),
  keep_live_days numeric NOT NULL CHECK (keep_live_days >= 0)
);
ALTER TABLE release_retention ENABLE ROW LEVEL SECURITY;
CREATE POLICY anyone_reads ON release_retention FOR SELECT USING (true);
GRANT SELECT ON release_retention TO ${[READER_ROLE, ...TEAM_REMOTES.map(teamRole)].join(', ')};`;

/**
 * Applied in order, each once (applyRegistrySchema.mjs); a change to the schema is a new entry at
 * the end, never an edit of one that ran.
 * @type {Array<{ version: number, sql: string }>}
 */
export const MIGRATIONS = [
  { version: 1, sql: [TABLES, ...TEAM_REMOTES.map(teamSchema)].join('\n') },
  { version: 2, sql: [CHANGE_THROUGH_FUNCTION, ...TEAM_REMOTES.map(teamThroughFunction)].join('\n') },
  { version: 3, sql: PRUNED_HISTORY },
  { version: 4, sql: CHANGE_WITHOUT_CALLERS_TYPES },
  { version: 5, sql: KEEP_SETTINGS },
];
