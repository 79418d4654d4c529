/**
 * Chromium reports network failures as `net::ERR_...` names. A record's message keeps the name
 * (searchable) and adds what it means for this URL and what to do about it.
 */

/** What some ports on Chromium's restricted list are for (the list: net/base/port_util.cc). */
import { at } from '../util/at.js';

const RESERVED_PORTS: Readonly<Record<number, string>> = {
  21: 'FTP', 22: 'SSH', 23: 'Telnet', 25: 'SMTP', 53: 'DNS', 110: 'POP3', 111: 'RPC', 119: 'NNTP', 143: 'IMAP', 465: 'SMTPS',
  587: 'mail submission', 993: 'IMAPS', 995: 'POP3S', 2049: 'NFS', 5060: 'SIP', 5061: 'SIP over TLS', 6000: 'X11',
  6665: 'IRC', 6666: 'IRC', 6667: 'IRC', 6668: 'IRC', 6669: 'IRC', 6697: 'IRC over TLS', 10080: 'Amanda backups',
};

function hostAndPort(url: string): { host: string; port: number } | null {
  try {
    const u = new URL(url);
    const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
    return { host: u.hostname, port };
  } catch {
    return null;
  }
}

/** A sentence about Chromium's `net::ERR_X` for `url`, or null for names without one. */
export function netErrorHint(name: string, url: string): string | null {
  const where = hostAndPort(url);
  const hostPort = where ? `${where.host}:${where.port}` : 'the server';
  switch (name) {
    case 'ERR_UNSAFE_PORT': {
      const port = where?.port;
      const what = port !== undefined && RESERVED_PORTS[port] ? ` (${RESERVED_PORTS[port]})` : '';
      return `Chromium refuses to load anything from port ${port ?? '?'}${what}: the port is on its list of ports kept for other protocols, which a browser must never send HTTP to. Serve the page on another port.`;
    }
    case 'ERR_NAME_NOT_RESOLVED':
      return `The host name ${where?.host ?? ''} could not be resolved (DNS): check its spelling and the machine's network.`;
    case 'ERR_CONNECTION_REFUSED':
      return `Nothing accepted the connection at ${hostPort}: is the server running, and on this port?`;
    case 'ERR_CONNECTION_RESET':
    case 'ERR_CONNECTION_CLOSED':
    case 'ERR_EMPTY_RESPONSE':
      return `The server at ${hostPort} closed the connection without an answer.`;
    case 'ERR_CONNECTION_TIMED_OUT':
    case 'ERR_TIMED_OUT':
      return `The server at ${hostPort} did not answer in time.`;
    case 'ERR_ADDRESS_UNREACHABLE':
    case 'ERR_INTERNET_DISCONNECTED':
    case 'ERR_NETWORK_UNREACHABLE':
      return `The machine has no route to ${hostPort}: check its network.`;
    case 'ERR_BLOCKED_BY_CLIENT':
    case 'ERR_BLOCKED_BY_ADMINISTRATOR':
      return 'viseg blocked the request: local pages, and URLs with --offline, may not reach the network.';
    case 'ERR_ABORTED':
      return 'The navigation was cancelled: the URL may be a download (not a page), or the page cancelled it.';
    case 'ERR_TOO_MANY_REDIRECTS':
      return 'The URL redirects in a loop.';
    case 'ERR_INVALID_RESPONSE':
    case 'ERR_INVALID_HTTP_RESPONSE':
      return `The server at ${hostPort} sent something that is not HTTP.`;
    case 'ERR_PROXY_CONNECTION_FAILED':
      return 'The proxy could not be reached.';
    case 'ERR_SSL_PROTOCOL_ERROR':
    case 'ERR_SSL_VERSION_OR_CIPHER_MISMATCH':
      return `TLS with ${hostPort} failed: the server may not speak HTTPS on this port.`;
    default:
      return name.startsWith('ERR_CERT_') ? `The TLS certificate of ${where?.host ?? 'the server'} is not trusted (${name}).` : null;
  }
}

/** `message` with a hint added after the first `net::ERR_...` name in it, when there is one. */
export function explainNetError(message: string, url: string): string {
  const m = /net::(ERR_[A-Z_]+)/.exec(message);
  if (!m) return message;
  const hint = netErrorHint(at(m, 1), url);
  return hint ? `${message} (${hint})` : message;
}
