from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.list_traces_via_agents_status import ListTracesViaAgentsStatus
from ...models.trace_list import TraceList
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    status: ListTracesViaAgentsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params["agentId"] = agent_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["createdAfter"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["createdBefore"] = json_created_before


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/agents/traces",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TraceList | None:
    if response.status_code == 200:
        response_200 = TraceList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TraceList]:
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
    status: ListTracesViaAgentsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,

) -> Response[Error | TraceList]:
    """ List traces (filters: agentId and status of the root generation, createdAfter, createdBefore) (alias
    of GET /v1/traces)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset): The root generation's agent
        status (ListTracesViaAgentsStatus | Unset): The root generation's status
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TraceList]
     """


    kwargs = _get_kwargs(
        cursor=cursor,
limit=limit,
agent_id=agent_id,
status=status,
created_after=created_after,
created_before=created_before,

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
    status: ListTracesViaAgentsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,

) -> Error | TraceList | None:
    """ List traces (filters: agentId and status of the root generation, createdAfter, createdBefore) (alias
    of GET /v1/traces)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset): The root generation's agent
        status (ListTracesViaAgentsStatus | Unset): The root generation's status
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TraceList
     """


    return sync_detailed(
        client=client,
cursor=cursor,
limit=limit,
agent_id=agent_id,
status=status,
created_after=created_after,
created_before=created_before,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    agent_id: str | Unset = UNSET,
    status: ListTracesViaAgentsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,

) -> Response[Error | TraceList]:
    """ List traces (filters: agentId and status of the root generation, createdAfter, createdBefore) (alias
    of GET /v1/traces)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset): The root generation's agent
        status (ListTracesViaAgentsStatus | Unset): The root generation's status
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TraceList]
     """


    kwargs = _get_kwargs(
        cursor=cursor,
limit=limit,
agent_id=agent_id,
status=status,
created_after=created_after,
created_before=created_before,

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
    status: ListTracesViaAgentsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,

) -> Error | TraceList | None:
    """ List traces (filters: agentId and status of the root generation, createdAfter, createdBefore) (alias
    of GET /v1/traces)

    Args:
        cursor (str | Unset): The previous page's `nextCursor` (opaque to clients; its format is
            checked).
        limit (int | Unset):  Default: 20.
        agent_id (str | Unset): The root generation's agent
        status (ListTracesViaAgentsStatus | Unset): The root generation's status
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TraceList
     """


    return (await asyncio_detailed(
        client=client,
cursor=cursor,
limit=limit,
agent_id=agent_id,
status=status,
created_after=created_after,
created_before=created_before,

    )).parsed
