/** Why the SSRF guard refused a connection (thrown before any byte is sent). */
export class SsrfBlockedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      `Blocked request to ${host} (${address}, ${range} address); the operator allows such addresses with an allow-list (docs/configuration.md)`,
    );
    this.name = 'SsrfBlockedError';
  }
}

/**
 * A connection to one of the service's own endpoints (reserved-endpoints.ts): refused whatever the
 * allow-lists say. An SsrfBlockedError, so every caller reports it as it reports the guard's refusals.
 */
export class ReservedEndpointError extends SsrfBlockedError {
  constructor(
    host: string,
    address: string,
    readonly port: number,
    readonly endpoint: string,
  ) {
    super(host, address, 'reserved');
    this.message = `Blocked request to ${host}:${port} (${address}): that is ${endpoint}, which tools and providers may never reach`;
    this.name = 'ReservedEndpointError';
  }
}
