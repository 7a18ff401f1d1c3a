"""Schemathesis hooks for `npm run fuzz:api` (loaded through SCHEMATHESIS_HOOKS).

1. The run authenticates with the bootstrap admin key: the fuzzer may not revoke or rewrite that
   key (it would lock itself out and every later request would be a 401).
2. Null response fields are not used as path parameters by inferred stateful links.
3. User regular expressions (guardrail patterns, MATCHES rule conditions) must compile with RE2
   within a complexity budget: no JSON Schema can state that, so a pattern that breaks it is a
   documented 422. Generated bodies keep only short literal patterns there anyway, so that most
   generated agents and hooks are created and the stateful phase can use them. The rule is covered
   by test/unit/redos.test.ts and test/integration/contract-holes.test.ts.
4. A 502 `provider_error` / `upstream_error` is the model provider failing (the fuzzer points providers at made-up
   hosts), a documented answer of the routes that call a provider synchronously (agent-step,
   knowledge-base search): not the API's fault, so only that exact answer is dropped.
5. A tool has two paths, /v1/tools/{toolId} and its alias /v1/agents/tools/{toolId}. The stateful
   check ensure_resource_availability (ST302) only sees a DELETE made through the path of the
   failing request, so a tool deleted through the other path is reported as "created resource not
   found". That report is dropped for tool paths only; a tool that vanished without a DELETE fails
   test/integration/resources.test.ts.
6. POST /v1/tools/import/openapi fetches its `url` while answering: a generated URL could name any
   host, and the fuzzer's requests must reach this machine only. Cases whose `url` is not a
   loopback address are dropped (the service's guard refuses loopback there, a 422 without a
   connection); the fetch itself is covered by test/integration/openapi-import.test.ts.
"""
import json
import os
import re
from urllib.parse import urlsplit

import schemathesis

PROTECTED_KEY_ID = os.environ["FUZZ_PROTECTED_API_KEY_ID"]
PLAIN_PATTERN = re.compile(r"[A-Za-z0-9 _-]{0,100}")


def _user_patterns(body):
    if not isinstance(body, dict):
        return
    guardrails = body.get("guardrails")
    if isinstance(guardrails, dict):
        for key in ("blockPatterns", "requireToolFor"):
            values = guardrails.get(key)
            if isinstance(values, list):
                yield from values
    config = body.get("config")
    if isinstance(config, dict) and isinstance(config.get("conditions"), list):
        for condition in config["conditions"]:
            if isinstance(condition, dict) and condition.get("operator") == "MATCHES":
                yield condition.get("value")


IMPORT_PATH = "/v1/tools/import/openapi"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _fetches_elsewhere(case):
    body = case.body
    if case.path != IMPORT_PATH or not isinstance(body, dict) or not isinstance(body.get("url"), str):
        return False
    try:
        return urlsplit(body["url"]).hostname not in LOOPBACK
    except ValueError:
        return True


@schemathesis.hook
def filter_case(ctx, case):
    # Case-level hooks run in every phase (coverage included).
    if _fetches_elsewhere(case):
        return False
    path = case.path_parameters or {}
    if path.get("apiKeyId") == PROTECTED_KEY_ID:
        return False
    # Stateful links are inferred from response fields by name; a null field (a tool without
    # agentId) would be sent as the path segment "None", which is not a request of the schema.
    if any(value is None or value == "None" for value in path.values()):
        return False
    return all(isinstance(p, str) and PLAIN_PATTERN.fullmatch(p) for p in _user_patterns(case.body))


TOOL_PATHS = ("/v1/tools/{toolId}", "/v1/agents/tools/{toolId}")


@schemathesis.hook
def filter_failure(ctx, failure, case, response):
    if getattr(failure, "code", None) == "ST302" and response.status_code == 404:
        return not any(path in getattr(failure, "not_available_with", "") for path in TOOL_PATHS)
    if response.status_code != 502:
        return True
    try:
        code = json.loads(response.content)["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return True
    return code not in ("provider_error", "upstream_error")
