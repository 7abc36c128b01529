import { configFromEnvironment, LOCAL_SERVICE_ROLE_KEY } from './config';

/** `npm run outbox`: the latest e-mails the site would have sent, read through the REST API. */
async function printOutbox() {
  const { port } = configFromEnvironment();
  const limit = Number(process.argv[2] ?? 10);
  const response = await fetch(
    `http://localhost:${port}/rest/v1/email_outbox?select=*&order=received_at.desc&limit=${limit}`,
    { headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` } },
  );
  if (!response.ok)
    throw new Error(`the local backend answered ${response.status}: ${await response.text()}`);
  const messages = (await response.json()) as Array<{
    received_at: string;
    template_params: Record<string, unknown>;
  }>;
  if (messages.length === 0) console.log('The outbox is empty.');
  for (const message of messages) {
    console.log(`── ${message.received_at}`);
    for (const [name, value] of Object.entries(message.template_params))
      console.log(`  ${name}: ${String(value)}`);
  }
}

printOutbox().catch((error: unknown) => {
  console.error(
    `Could not read the outbox (is the local backend running? npm start): ${(error as Error).message}`,
  );
  process.exit(1);
});
