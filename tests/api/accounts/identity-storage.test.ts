import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { expect } from 'vitest';
import { requestToken, signInIdentity, signUpIdentity } from '../../support/factories.ts';
import { useTestApp } from '../../support/fixtures.ts';

/**
 * Better Auth's AsyncLocalStorages are switched off while no identity call runs
 * (identity.ts, quietWhenIdle): on Node 20 and 22 an enabled one taxes every asynchronous step
 * of the process. Switching them off must not cost an identity call its context: calls that
 * overlap each get their own user, and a call after a quiet spell works as the first did.
 */

const test = useTestApp({}, { identityLimits: { signInFailures: 100, signUpPerMinute: 1000 } });

const storages = () =>
  Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
/** Node 20 and 22 keep the flag on the instance; where there is none (Node 24's frames), the storages cost nothing. */
const enabled = (storage: object) => (storage as { enabled?: boolean }).enabled === true;

test('switches the storages off after identity calls, and 30 overlapping calls each keep their own user', async ({
  t,
}) => {
  const accounts = await Promise.all(
    Array.from({ length: 10 }, (_, i) => signUpIdentity(t.app, { name: `Guest ${i}` })),
  );
  // Better Auth switched them on while it worked…
  await new Promise((resolve) => setTimeout(resolve, 10));
  // …and nothing is left running: they are off.
  expect((await storages()).filter(enabled)).toEqual([]);

  // Sign-ins, token requests (a session read) and sign-ups of others, all at once.
  const results = await Promise.all([
    ...accounts.map(async (account) => {
      const signedIn = await signInIdentity(t.app, account.email, account.password);
      expect(signedIn.status).toBe(200);
      return { email: account.email, body: JSON.parse(signedIn.body) as { user: { email: string } } };
    }),
    ...accounts.map(async (account) => {
      const token = await requestToken(t.app, account.cookie, account.email);
      expect(token.statusCode).toBe(200);
      return {
        email: account.email,
        body: {
          user: {
            email: JSON.parse(
              Buffer.from(
                (token.json() as { accessToken: string }).accessToken.split('.')[1] as string,
                'base64url',
              ).toString(),
            ).email as string,
          },
        },
      };
    }),
    ...Array.from({ length: 10 }, async (_, i) => {
      const created = await signUpIdentity(t.app, { name: `Late ${i}` });
      return { email: created.email, body: { user: { email: created.email } } };
    }),
  ]);
  for (const result of results) expect(result.body.user.email).toBe(result.email);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect((await storages()).filter(enabled)).toEqual([]);
});
