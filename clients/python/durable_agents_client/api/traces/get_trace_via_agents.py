from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.trace import Trace
from typing import cast



def _get_kwargs(
    trace_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/agents/traces/{trace_id}".format(trace_id=quote(str(trace_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Trace | None:
    if response.status_code == 200:
        response_200 = Trace.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Trace]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    trace_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Error | Trace]:
    """ Get a trace: its tree of generations with steps, timings and usage, and totals (alias of GET
    /v1/traces/{traceId})

    Args:
        trace_id (str):  Example: agt_trace_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Trace]
     """


    kwargs = _get_kwargs(
        trace_id=trace_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    trace_id: str,
    *,
    client: AuthenticatedClient,

) -> Error | Trace | None:
    """ Get a trace: its tree of generations with steps, timings and usage, and totals (alias of GET
    /v1/traces/{traceId})

    Args:
        trace_id (str):  Example: agt_trace_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Trace
     """


    return sync_detailed(
        trace_id=trace_id,
client=client,

    ).parsed

async def asyncio_detailed(
    trace_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Error | Trace]:
    """ Get a trace: its tree of generations with steps, timings and usage, and totals (alias of GET
    /v1/traces/{traceId})

    Args:
        trace_id (str):  Example: agt_trace_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Trace]
     """


    kwargs = _get_kwargs(
        trace_id=trace_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    trace_id: str,
    *,
    client: AuthenticatedClient,

) -> Error | Trace | None:
    """ Get a trace: its tree of generations with steps, timings and usage, and totals (alias of GET
    /v1/traces/{traceId})

    Args:
        trace_id (str):  Example: agt_trace_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Trace
     """


    return (await asyncio_detailed(
        trace_id=trace_id,
client=client,

    )).parsed
