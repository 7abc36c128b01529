// The registry's tables, roles and row-level security in Postgres, as numbered migrations: what
// is live in each environment, its history, and which role may move which remote.

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

/**
 * Applied in order, each once (applyRegistrySchema.mjs); a change to the schema is a new entry at
 * the end, never an edit of one that ran.
 * @type {Array<{ version: number, sql: string }>}
 */
export const MIGRATIONS = [{ version: 1, sql: [TABLES, ...TEAM_REMOTES.map(teamSchema)].join('\n') }];
