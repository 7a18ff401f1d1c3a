import type { Dispatcher } from 'undici';

/**
 * `dispatcher` with every response byte it receives off the wire added to `counter.bytes`, before
 * any decoding. For clients that decode bodies themselves (undici's fetch, which the MCP SDK
 * transports need): with this count they can refuse a body that expands like a decompression bomb.
 */
export function countingReceivedBytes(dispatcher: Dispatcher, counter: { bytes: number }): Dispatcher {
  return dispatcher.compose(
    (dispatch) => (opts, handler) =>
      dispatch(opts, {
        onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
        onRequestUpgrade: (controller, statusCode, headers, socket) =>
          handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
        onResponseStart: (controller, statusCode, headers, statusMessage) =>
          handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
        onResponseData: (controller, chunk) => {
          counter.bytes += chunk.byteLength;
          handler.onResponseData?.(controller, chunk);
        },
        onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
        onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
      }),
  );
}
