// oidc-provider ships no types (and @types/oidc-provider is not installed): the little the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: unknown[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    pkce?: { required: () => boolean };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
    findAccount?: (
      ctx: unknown,
      sub: string,
    ) => Promise<{ accountId: string; claims: () => Promise<AccountClaims> } | undefined>;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): RequestListener;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ params: Record<string, unknown> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
    readonly IdToken: unknown;
    readonly Client: { find(id: string): Promise<unknown> };
    readonly Grant: new (options: {
      accountId: string;
      clientId: string;
    }) => Grant;
  }
}
