/**
 * The mailer's wake-up call: the private Realtime topic each queued message is broadcast on
 * (supabase-schema's MAIL_WAKE, 20270223090000_mail_wake.sql), joined with the service key through
 * supabase-js, which reconnects and rejoins by itself. A notice says when its message is due. When
 * the channel is down the poll alone finds the mail; its state shows in /health and /metrics.
 */
import { createClient } from '@supabase/supabase-js';
import { MAIL_WAKE, type MailQueuedNotice } from 'supabase-schema';
import { WebSocket } from 'ws';
import type { Log } from '../log';

/** `joining` until the first answer; `joined`; `down` (refused, timed out, closed); `off`: not used. */
export type WakeChannelState = 'joining' | 'joined' | 'down' | 'off';

export interface WakeChannel {
  state(): WakeChannelState;
  /** Called with when the queued message is due (ms since the epoch), and its kind. */
  onQueued(listener: (dueAt: number, kind: string) => void): void;
  close(): Promise<void>;
}

/** The when of a notice; a notice that does not say is due now. */
function dueAtOf(payload: unknown, now: number): number {
  const dueAt = Date.parse(String((payload as Partial<MailQueuedNotice> | null)?.send_after));
  return Number.isFinite(dueAt) ? dueAt : now;
}

/** `onState`: told each change of the channel's state (the mailer's status shows it). */
export function openWakeChannel(
  supabaseUrl: string,
  serviceRoleKey: string,
  log: Log,
  onState: (state: WakeChannelState) => void = () => undefined,
): WakeChannel {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const listeners: Array<(dueAt: number, kind: string) => void> = [];
  let state: WakeChannelState = 'joining';
  const channel = client
    .channel(MAIL_WAKE.topic, { config: { private: true } })
    .on('broadcast', { event: MAIL_WAKE.event }, ({ payload }) => {
      const dueAt = dueAtOf(payload, Date.now());
      const kind = String((payload as Partial<MailQueuedNotice> | null)?.kind ?? '');
      for (const listener of listeners) listener(dueAt, kind);
    });
  channel.subscribe((status, error) => {
    if (state === 'off') return;
    const next: WakeChannelState = status === 'SUBSCRIBED' ? 'joined' : 'down';
    if (next === 'joined' && state !== 'joined') log.info(`woken by Realtime topic ${MAIL_WAKE.topic}`);
    if (next === 'down' && state !== 'down') {
      log.warn(
        `Realtime topic ${MAIL_WAKE.topic} ${status.toLowerCase()}${error ? `: ${error.message}` : ''}; ` +
          'mail is found by the poll until it rejoins',
      );
    }
    state = next;
    onState(state);
  });
  onState(state);
  return {
    state: () => state,
    onQueued: (listener) => listeners.push(listener),
    close: async () => {
      state = 'off';
      onState(state);
      await client.removeAllChannels();
      await client.realtime.disconnect();
    },
  };
}
