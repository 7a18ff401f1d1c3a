from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.hook import Hook
from ...models.replace_hook_type_0 import ReplaceHookType0
from ...models.replace_hook_type_1 import ReplaceHookType1
from ...models.replace_hook_type_2 import ReplaceHookType2
from typing import cast



def _get_kwargs(
    agent_id: str,
    hook_id: str,
    *,
    body: ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/agents/{agent_id}/hooks/{hook_id}".format(agent_id=quote(str(agent_id), safe=""),hook_id=quote(str(hook_id), safe=""),),
    }

    
    if isinstance(body, ReplaceHookType0):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ReplaceHookType1):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Hook | None:
    if response.status_code == 200:
        response_200 = Hook.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Hook]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2,

) -> Response[Error | Hook]:
    """ Replace a hook

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        hook_id (str):  Example: hook_4kT9xQ2mZ8wR.
        body (ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2):  Example: {'event':
            'PreToolUse', 'type': 'approval', 'matcher': 'issue_refund', 'config': {'timeoutSeconds':
            3600}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Hook]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
hook_id=hook_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2,

) -> Error | Hook | None:
    """ Replace a hook

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        hook_id (str):  Example: hook_4kT9xQ2mZ8wR.
        body (ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2):  Example: {'event':
            'PreToolUse', 'type': 'approval', 'matcher': 'issue_refund', 'config': {'timeoutSeconds':
            3600}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Hook
     """


    return sync_detailed(
        agent_id=agent_id,
hook_id=hook_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2,

) -> Response[Error | Hook]:
    """ Replace a hook

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        hook_id (str):  Example: hook_4kT9xQ2mZ8wR.
        body (ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2):  Example: {'event':
            'PreToolUse', 'type': 'approval', 'matcher': 'issue_refund', 'config': {'timeoutSeconds':
            3600}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Hook]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
hook_id=hook_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    hook_id: str,
    *,
    client: AuthenticatedClient,
    body: ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2,

) -> Error | Hook | None:
    """ Replace a hook

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        hook_id (str):  Example: hook_4kT9xQ2mZ8wR.
        body (ReplaceHookType0 | ReplaceHookType1 | ReplaceHookType2):  Example: {'event':
            'PreToolUse', 'type': 'approval', 'matcher': 'issue_refund', 'config': {'timeoutSeconds':
            3600}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Hook
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
hook_id=hook_id,
client=client,
body=body,

    )).parsed
