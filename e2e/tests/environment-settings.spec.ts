// One build in every environment: the public settings (the agency's facts, the booking backend,
// EmailJS) are read by the shell's server from its environment when it starts, never built in.
import { test, expect, footer } from '../support/fixtures';
import { startShellProcess } from '../support/shellProcess';
import { everyRemoteLoaded } from '../support/shellStatus';

test("a shell server started with another environment's settings renders and hydrates with them, from the same builds", async ({
  page,
  site,
}) => {
  // Another environment's backend (nothing listens there): the same remote versions must use it.
  const otherBackend = 'http://127.0.0.1:59871';
  const shell = await startShellProcess({
    SHELL_REGISTRY_FILE: site.releases.registryName,
    SITE_PHONE: '+507 391-2020',
    SUPABASE_URL: otherBackend,
  });
  try {
    await everyRemoteLoaded(shell.url);
    // What a crawler sees: the HTML the remote's server code rendered has the environment's phone.
    const html = await (await fetch(`${shell.url}/contact`)).text();
    expect(html).toContain('+507 391-2020');
    // The browser reads the same settings: the booking page asks that backend for its free slots.
    const askedOtherBackend = page.waitForRequest((request) => request.url().startsWith(otherBackend));
    await page.goto(`${shell.url}/booking`);
    await askedOtherBackend;
    await expect(footer(page)).toContainText('+507 391-2020');
  } finally {
    await shell.close();
  }
});
