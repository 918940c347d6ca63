import { googlePaths } from '@shop/shared';
import * as oidc from 'openid-client';
import type { Config } from '../config.js';

/** What the callback needs to check the answer: kept in a short-lived HttpOnly cookie between the two requests. */
export interface PendingGoogleSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The parts of a verified ID token that identify the person. */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Google sign-in through openid-client: authorization code with PKCE (S256), state and nonce; the
 * library checks the ID token's signature, `iss`, `aud`, `exp` and nonce. GOOGLE_ISSUER may name any
 * OpenID provider (the tests run a real one on loopback).
 */
export class GoogleSignIn {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly issuer: string,
    private readonly clientId: string,
    private readonly clientSecret: string | undefined,
    readonly redirectUri: string,
  ) {}

  /** Discovery runs once, on first use; a failed attempt is retried by the next sign-in. */
  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.issuer);
    // Plain http is accepted only for a provider on this machine (development and tests).
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    this.configuration ??= oidc
      .discovery(
        issuer,
        this.clientId,
        this.clientSecret,
        this.clientSecret ? oidc.ClientSecretBasic(this.clientSecret) : oidc.None(),
        { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    return this.configuration;
  }

  async start(): Promise<{ url: URL; pending: PendingGoogleSignIn }> {
    const configuration = await this.discover();
    const pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /** Exchanges the code from the callback's query; throws when any check fails. */
  async finish(query: string, pending: PendingGoogleSignIn): Promise<GoogleIdentity> {
    const configuration = await this.discover();
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.search = query;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
    };
  }
}

/** Google sign-in as configured, or null when GOOGLE_CLIENT_ID is not set. */
export function createGoogleSignIn(config: Config): GoogleSignIn | null {
  const { google } = config;
  if (!google) return null;
  return new GoogleSignIn(
    google.issuer,
    google.clientId,
    google.clientSecret,
    `${config.publicUrl}${googlePaths.callback}`,
  );
}
