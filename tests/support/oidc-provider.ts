import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A throwaway OpenID provider on loopback standing in for Google in tests. Its built-in
 * development login page accepts any login; the login typed in becomes the account's
 * e-mail (and, before the @, its name).
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const clientId = 'storefront-test-client';
  const clientSecret = 'storefront-test-secret-0123456789';
  // Listen first to learn the port, then build the provider with its real issuer URL.
  const route: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server: Server = createServer((req, res) => route.handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    pkce: { required: () => false },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const email = sub.includes('@') ? sub.toLowerCase() : `${sub.toLowerCase()}@example.com`;
          return { sub, email, email_verified: true, name: email.split('@')[0] ?? sub };
        },
      };
    },
    // Grant the requested scopes at once, as a returning Google user sees no consent screen.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!ctx.oidc.session?.accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'picture']);
      await grant.save();
      return grant;
    },
  });
  provider.on('server_error', () => {});
  route.handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
