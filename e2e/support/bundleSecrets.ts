import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretFinding {
  file: string;
  kind: string;
  /** The start of the match only, so a report never repeats a whole secret. */
  excerpt: string;
}

/** What must never ship to a browser. Public keys (Supabase anon/publishable, EmailJS public) may. */
const SECRET_PATTERNS: { kind: string; pattern: RegExp }[] = [
  { kind: 'Supabase secret key', pattern: /sb_secret_[A-Za-z0-9_-]+/g },
  { kind: 'private key (PEM)', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/g },
  // Naming the variable in browser code means the build was given a private key to embed.
  { kind: 'EmailJS private key variable', pattern: /EMAILJS_PRIVATE_KEY/g },
  { kind: 'Supabase service-role variable', pattern: /SUPABASE_SERVICE_ROLE_KEY/g },
  // EmailJS's private key is sent as accessToken. supabase-js assigns tokens from variables only,
  // and its realtime protocol names the message field `access_token: 'access_token'`.
  {
    kind: 'access token literal',
    pattern: /["']?access_?token["']?\s*[:=]\s*["'`](?!access_?token["'`])[A-Za-z0-9_\-.]{10,}["'`]/gi,
  },
];

const JWT = /eyJ[A-Za-z0-9_-]+\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*/g;

/** A JWT is a secret when it grants Supabase's service role, which bypasses row level security. */
function grantsServiceRole(payload: string): boolean {
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown };
    return claims.role === 'service_role';
  } catch {
    return false;
  }
}

export function findSecrets(text: string, file = '(text)'): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const found = (kind: string, match: string) => findings.push({ file, kind, excerpt: match.slice(0, 24) });
  for (const { kind, pattern } of SECRET_PATTERNS) {
    for (const match of text.matchAll(pattern)) found(kind, match[0]);
  }
  for (const match of text.matchAll(JWT)) {
    if (grantsServiceRole(match[1] ?? '')) found('service_role JWT', match[0]);
  }
  return findings;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every file of the given folders (bundles, source maps, copied public files), read as text. */
export function scanFolders(folders: string[]): { scanned: number; findings: SecretFinding[] } {
  const files = folders.flatMap(filesUnder);
  return {
    scanned: files.length,
    findings: files.flatMap((file) => findSecrets(readFileSync(file, 'latin1'), file)),
  };
}
