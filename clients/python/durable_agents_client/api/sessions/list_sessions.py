from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.session_list import SessionList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    session_key: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params["agentId"] = agent_id

    params["sessionKey"] = session_key


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/sessions",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SessionList | None:
    if response.status_code == 200:
        response_200 = SessionList.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SessionList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    session_key: str | Unset = UNSET,

) -> Response[Error | SessionList]:
    """ List sessions (filter: agentId)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset):  Example: agt_4kT9xQ2mZ8wR.
        session_key (str | Unset): Only the session with this key (with agentId: at most one)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SessionList]
     """


    kwargs = _get_kwargs(
        cursor=cursor,
limit=limit,
agent_id=agent_id,
session_key=session_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    session_key: str | Unset = UNSET,

) -> Error | SessionList | None:
    """ List sessions (filter: agentId)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset):  Example: agt_4kT9xQ2mZ8wR.
        session_key (str | Unset): Only the session with this key (with agentId: at most one)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SessionList
     """


    return sync_detailed(
        client=client,
cursor=cursor,
limit=limit,
agent_id=agent_id,
session_key=session_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    session_key: str | Unset = UNSET,

) -> Response[Error | SessionList]:
    """ List sessions (filter: agentId)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset):  Example: agt_4kT9xQ2mZ8wR.
        session_key (str | Unset): Only the session with this key (with agentId: at most one)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SessionList]
     """


    kwargs = _get_kwargs(
        cursor=cursor,
limit=limit,
agent_id=agent_id,
session_key=session_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    session_key: str | Unset = UNSET,

) -> Error | SessionList | None:
    """ List sessions (filter: agentId)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset):  Example: agt_4kT9xQ2mZ8wR.
        session_key (str | Unset): Only the session with this key (with agentId: at most one)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SessionList
     """


    return (await asyncio_detailed(
        client=client,
cursor=cursor,
limit=limit,
agent_id=agent_id,
session_key=session_key,

    )).parsed
