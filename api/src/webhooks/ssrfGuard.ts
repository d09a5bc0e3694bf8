// Server-side request forgery guard for webhook targets, applied twice: at registration (the URL's
// form, and every address its host resolves to) and at connect time, where the socket's DNS lookup
// goes through `guardedLookup` so the address checked is the address connected to (a name that
// re-resolves to 127.0.0.1 after registration — DNS rebinding — is refused then).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isAllowedAddress } from './addressPolicy';

export interface TargetPolicy {
  /** Development only: http:// and https:// to loopback (localhost, 127.0.0.0/8, ::1) allowed. */
  allowLocal: boolean;
  /** All addresses of a host name (injectable so tests can play DNS, rebinding included). */
  resolve?: (hostname: string) => Promise<string[]>;
}

export const LOCAL_NAMES = new Set(['localhost', 'localhost.']);

/** Why a URL may not be registered (form only, no DNS), or undefined. */
export function urlFormProblem(raw: string, allowLocal: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid absolute URL';
  }
  if (url.username || url.password) return 'must not contain credentials (user:password@)';
  if (url.hash) return 'must not contain a #fragment';
  const host = hostOf(url);
  const loopback = LOCAL_NAMES.has(host.toLowerCase()) || classifyAddress(host) === 'loopback';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return 'must be an https:// URL';
  if (loopback && allowLocal) return undefined;
  return loopback
    ? 'must be https://; http://localhost is allowed only with CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL=1 or codewright.webhooks.allowLocal'
    : 'must be an https:// URL';
}

/** Why a URL's host may not be reached (resolving it), or undefined. */
export async function targetProblem(raw: string, policy: TargetPolicy): Promise<string | undefined> {
  const form = urlFormProblem(raw, policy.allowLocal);
  if (form) return form;
  const host = hostOf(new URL(raw));
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (policy.resolve ?? resolveAll)(host);
  } catch (error) {
    return `host '${host}' does not resolve (${(error as NodeJS.ErrnoException).code ?? 'lookup failed'})`;
  }
  if (addresses.length === 0) return `host '${host}' does not resolve`;
  const refused = addresses.find((address) => !isAllowedAddress(address, policy.allowLocal));
  if (refused) return refusal(host, refused, policy.allowLocal);
  return undefined;
}

/** Checks an IP-literal host at connect time (Node skips `lookup` for literals). */
export function literalProblem(raw: string, allowLocal: boolean): string | undefined {
  const host = hostOf(new URL(raw));
  if (!isIP(host) || isAllowedAddress(host, allowLocal)) return undefined;
  return refusal(host, host, allowLocal);
}

/**
 * A `lookup` for http.request: resolves like the system does, then refuses the connection when
 * any address is not allowed, so a socket can only ever reach an address this guard approved.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const resolved = policy.resolve
      ? policy.resolve(hostname)
      : resolveAll(hostname, (options as { family?: number }).family);
    resolved.then(
      (addresses) => {
        const refused = addresses.find((address) => !isAllowedAddress(address, policy.allowLocal));
        if (refused || addresses.length === 0) {
          const error = Object.assign(
            new Error(
              refused ? refusal(hostname, refused, policy.allowLocal) : `${hostname} does not resolve`,
            ),
            { code: 'ERR_WEBHOOK_TARGET_REFUSED' },
          );
          return callback(error, '', 4);
        }
        const all = addresses.map((address) => ({ address, family: isIP(address) }));
        if ((options as { all?: boolean }).all) return (callback as AllCallback)(null, all);
        callback(null, all[0]!.address, all[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

function resolveAll(hostname: string, family?: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family: family ?? 0 }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    );
  });
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function refusal(host: string, address: string, allowLocal: boolean): string {
  const kind = classifyAddress(address);
  const hint =
    kind === 'loopback' && !allowLocal
      ? ' (loopback is allowed only with CODEWRIGHT_WEBHOOKS_ALLOW_LOCAL=1 or codewright.webhooks.allowLocal)'
      : '';
  return `host '${host}' resolves to ${address}, a ${kind} address, which webhooks may not reach${hint}`;
}
