import { readSsrState, serializeJsonForScript, SSR_STATE_ELEMENT_ID } from './ssrState';

test('the state sent with the HTML cannot close its script element, and reads back the same', () => {
  const state = {
    loaderData: { 'marketing/HomePage': { module: null, unavailable: 'server' as const } },
    remoteManifests: {},
  };
  const hostile = { loaderData: { '</script><script>alert(1)</script>': null } } as unknown as typeof state;
  expect(serializeJsonForScript(hostile)).not.toContain('</script>');
  document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeJsonForScript(state)}</script>`;
  expect(readSsrState()).toEqual(state);
});

test('a page the server did not render (the client-rendered page) has no state', () => {
  document.body.innerHTML = '<div id="root"></div>';
  expect(readSsrState()).toBeNull();
});
