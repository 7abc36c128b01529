// MailDev in a process of its own, started by startMailDev (startMailDev.ts says why):
//   node mailDevProcess.mjs <smtpPort> <webPort> <host>
// Prints one line, {"smtpPort":…,"webPort":…}, once both servers listen; stops on SIGTERM or
// SIGINT, and when its standard input ends (the process that started it is gone), so it never
// outlives its parent holding the ports.
import { MailDev } from 'maildev';

const [smtp, web, host] = process.argv.slice(2);
const mailDev = new MailDev({
  smtp: Number(smtp),
  web: Number(web),
  ip: host,
  webIp: host,
  silent: true,
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await mailDev.stop().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();

try {
  const servers = await mailDev.start();
  const ready = { smtpPort: servers.smtp.getPort(), webPort: servers.api?.getPort() };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
} catch (error) {
  process.stderr.write(
    `MailDev could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
