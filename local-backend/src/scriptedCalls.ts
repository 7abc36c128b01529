/**
 * The booking API called the way a script does, with the public key, from a network of the
 * caller's choosing (a 127.0.N.1 source address is the /24 network 127.0.N.0, as this backend's
 * gateway reports it): proofs of work solved as the form solves them, and code requests. The e2e
 * suite and the bench are such callers.
 */
import http from 'node:http';
import { solveChallenge } from 'altcha-lib/v1';
import { LOCAL_ANON_KEY } from './config';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON call from `from` (a loopback address), or from the system's choice of address. */
export function callFrom(
  backendUrl: string,
  path: string,
  body: object,
  { from, headers = {} }: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  // A chosen IPv4 source address needs an IPv4 destination ("localhost" may resolve to ::1).
  const url = new URL(path, backendUrl.replace('//localhost:', '//127.0.0.1:'));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...headers },
        ...(from ? { localAddress: from } : {}),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * A proof of work, as the form makes it (remote-booking/src/booking/bookingProof.ts): a challenge
 * from the database, solved with the same solver.
 */
export async function bookingProof(backendUrl: string, from?: string): Promise<string> {
  const { body } = await callFrom(backendUrl, '/rest/v1/rpc/booking_challenge', {}, { from });
  const { algorithm, challenge, maxnumber, salt, signature } = body as Record<
    'algorithm' | 'challenge' | 'salt' | 'signature',
    string
  > & { maxnumber: number };
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  const proof = { algorithm, challenge, number: solution?.number, salt, signature };
  return Buffer.from(JSON.stringify(proof)).toString('base64');
}

/** request_booking_code with a solved proof, from `from`. */
export async function requestCode(backendUrl: string, email: string, from?: string): Promise<Answer> {
  return callFrom(
    backendUrl,
    '/rest/v1/rpc/request_booking_code',
    { email, language: 'en' },
    { from, headers: { 'x-booking-proof': await bookingProof(backendUrl, from) } },
  );
}
