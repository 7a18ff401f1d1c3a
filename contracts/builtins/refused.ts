import { ApiError } from '../errors.js';

/**
 * Builtin names the API knows but refuses (422 `not_implemented`), each with what it would need:
 * naming one is answered, not accepted and left without effect.
 */
export const refusedBuiltins: Readonly<Record<string, string>> = {
  fetch_drive_file:
    'fetch_drive_file is not implemented: reading Google Drive files needs Google OAuth credentials (a client and a user consent per project) and a Google Drive API integration, which this server does not have',
};

export const refusedBuiltinNames = Object.keys(refusedBuiltins);

/** The 422 for a refused builtin named at `path`, or null when `name` is not one. */
export function refusedBuiltinError(name: string, path: string): ApiError | null {
  if (!Object.hasOwn(refusedBuiltins, name)) return null;
  return new ApiError(422, 'not_implemented', refusedBuiltins[name]!, { path, fields: [path] });
}
