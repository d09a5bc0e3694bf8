// DNS-rebinding protection: a page on evil.example that resolves its name to 127.0.0.1 can reach this
// server, but its requests carry `Host: evil.example`. Only loopback names and addresses with the
// port the server really listens on are accepted.
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** True when a Host header names this machine's loopback interface on `port`. */
export function isAllowedHost(host: string | undefined, port: number | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!match) return false;
  const [, name, portText] = match;
  const hostPort = portText === undefined ? 80 : Number(portText);
  if (port !== undefined && hostPort !== port) return false;
  return LOOPBACK_NAMES.has(name!) || name!.endsWith('.localhost') || isLoopbackIPv4(name!);
}

function isLoopbackIPv4(name: string): boolean {
  return isIP(name) === 4 && name.startsWith('127.');
}

/** True when a bind address is loopback only (127.x, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return name === 'localhost' || name === '::1' || name === '[::1]' || isLoopbackIPv4(name);
}
