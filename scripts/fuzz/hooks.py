"""Schemathesis hooks for `npm run fuzz:api` (loaded through SCHEMATHESIS_HOOKS).

The run authenticates with the bootstrap admin key; these hooks keep the fuzzer from revoking or
rewriting that key (it would lock itself out and every later request would be a 401).
"""
import os

import schemathesis

PROTECTED_KEY_ID = os.environ["FUZZ_PROTECTED_API_KEY_ID"]


@schemathesis.hook
def filter_path_parameters(ctx, path_parameters):
    return not path_parameters or path_parameters.get("apiKeyId") != PROTECTED_KEY_ID
