import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** A person the provider can sign in, with the claims its ID tokens carry. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by subject (`sub`); add one per test. */
  accounts: Map<string, ProviderAccount>;
  /** While true, ID tokens are issued for another of the provider's clients (a token meant for someone else). */
  wrongAudience: boolean;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package) on loopback, with one confidential client for the
 * shop. Login and consent are one minimal custom interaction: POST /interaction/:uid with `account=<sub>`.
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidc> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'shop-test';
  const clientSecret = randomBytes(24).toString('hex');
  const state = { wrongAudience: false };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], response_types: ['code'] },
      {
        client_id: 'another-site',
        client_secret: randomBytes(24).toString('hex'),
        redirect_uris: ['https://another-site.example/callback'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and name in the ID token of the code flow; so does this provider.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  };
  const provider = new Provider(issuer, configuration);

  const IdToken = provider.IdToken as unknown as { prototype: { issue(options: unknown): Promise<string> } };
  const issue = IdToken.prototype.issue;
  IdToken.prototype.issue = async function (this: { client: unknown }, options: unknown) {
    if (state.wrongAudience) this.client = await provider.Client.find('another-site');
    return issue.call(this, options);
  };

  const callback = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)\/login$/.exec(req.url ?? '');
    if (!match || req.method !== 'POST') {
      callback(req, res);
      return;
    }
    void finishLogin(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function finishLogin(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const sub = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('account') ?? '';
    const details = await provider.interactionDetails(req, res);
    if (!accounts.has(sub)) {
      await provider.interactionFinished(req, res, { error: 'access_denied' });
      return;
    }
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    get wrongAudience() {
      return state.wrongAudience;
    },
    set wrongAudience(value: boolean) {
      state.wrongAudience = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider: opens the authorization URL, signs in as `sub` through the
 * interaction, follows the redirects, and returns the URL the provider sends the browser back to.
 */
export async function authorizeAtProvider(authorizationUrl: string, sub: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };

  let url = authorizationUrl;
  for (let step = 0; step < 10; step++) {
    const res = await request(url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return next;
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      const login = await request(`${next.href}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: sub }).toString(),
      });
      const resume = login.headers.get('location');
      if (!resume) throw new Error(`the login interaction answered ${login.status}: ${await login.text()}`);
      url = new URL(resume, next).href;
    } else {
      url = next.href;
    }
  }
  throw new Error('the provider did not redirect back to the shop');
}
