/** The key the local Termii (apps/server/src/test/fake-termii.ts) takes; a journey sets it in the messaging settings. */
export const FAKE_TERMII_API_KEY = 'TLe2ekey5678';
