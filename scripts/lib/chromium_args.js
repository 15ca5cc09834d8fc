/*
 * The flags every headless Chromium of the project starts with (browser tests and the bench's
 * browser figures): the machine has no network, so Chromium's background services stay quiet.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
