import { randomUUID } from 'node:crypto';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { withLogContext } from '../../infra/observability/log-context.js';
import { httpRequestDuration, httpRequestsInFlight } from '../../infra/observability/metrics.js';
import { context, propagation, trace, tracer } from '../../infra/observability/tracing.js';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * First middleware of the app: gives the request an id (a well-formed `X-Request-Id` from the
 * caller, else a new one, echoed in the response), a log context, a server span (continuing a
 * `traceparent` the caller sent) and its metrics, labelled by the route template the router
 * matched (`unmatched` otherwise, so unknown paths cannot explode the label set).
 */
export function observeRequests() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const given = req.header('x-request-id');
    const requestId = given && requestIdPattern.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer().startSpan(`${req.method} ${req.path}`, { kind: SpanKind.SERVER }, parent);
    httpRequestsInFlight.inc();
    res.once('close', () => {
      httpRequestsInFlight.dec();
      const route = typeof res.locals.route === 'string' ? res.locals.route : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({
        'http.request.method': req.method,
        'http.route': route,
        'http.response.status_code': res.statusCode,
      });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    withLogContext({ requestId }, () => context.with(trace.setSpan(parent, span), () => next()));
  };
}
