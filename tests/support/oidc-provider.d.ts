// oidc-provider ships no types; this declares the part of its API the tests use.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  type Account = { accountId: string; claims(): Promise<Record<string, unknown>> | Record<string, unknown> };
  type ProviderConfiguration = {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    pkce?: { required?: () => boolean };
    features?: Record<string, unknown>;
    cookies?: { keys?: string[] };
  };

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    listen(port: number, host?: string, callback?: () => void): Server;
    proxy: boolean;
  }
}
