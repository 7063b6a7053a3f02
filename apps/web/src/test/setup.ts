import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A page's first render imports its lazy route module, which vitest transforms on first use: on a busy
// 2-core machine that alone took over the default 1 s of findBy* (the routing tests failed there, not
// on a quiet one). Waiting longer changes nothing a test asserts; a missing element still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
