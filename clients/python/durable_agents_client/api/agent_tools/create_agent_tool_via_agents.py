from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_call_tool import AgentCallTool
from ...models.agent_tool import AgentTool
from ...models.builtin_tool import BuiltinTool
from ...models.client_tool import ClientTool
from ...models.error import Error
from ...models.http_tool import HttpTool
from ...models.mcp_tool import McpTool
from ...models.platform_tool import PlatformTool
from ...models.soat_tool import SoatTool
from typing import cast



def _get_kwargs(
    *,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/agents/tools",
    }

    
    if isinstance(body, HttpTool):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ClientTool):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, McpTool):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgentCallTool):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, BuiltinTool):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PlatformTool):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AgentTool | Error | None:
    if response.status_code == 201:
        response_201 = AgentTool.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())



        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AgentTool | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> Response[AgentTool | Error]:
    """ Create an agent tool (alias of POST /v1/tools)

    Args:
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentTool | Error]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> AgentTool | Error | None:
    """ Create an agent tool (alias of POST /v1/tools)

    Args:
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentTool | Error
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> Response[AgentTool | Error]:
    """ Create an agent tool (alias of POST /v1/tools)

    Args:
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentTool | Error]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> AgentTool | Error | None:
    """ Create an agent tool (alias of POST /v1/tools)

    Args:
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentTool | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
