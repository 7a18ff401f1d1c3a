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
    tool_id: str,
    *,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/agents/tools/{tool_id}".format(tool_id=quote(str(tool_id), safe=""),),
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
    if response.status_code == 200:
        response_200 = AgentTool.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())



        return response_409

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
    tool_id: str,
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> Response[AgentTool | Error]:
    """ Replace an agent tool (alias of PUT /v1/tools/{toolId})

     A new name that would collide with another tool of an agent using this one is refused (422). A tool
    an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentTool | Error]
     """


    kwargs = _get_kwargs(
        tool_id=tool_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tool_id: str,
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> AgentTool | Error | None:
    """ Replace an agent tool (alias of PUT /v1/tools/{toolId})

     A new name that would collide with another tool of an agent using this one is refused (422). A tool
    an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentTool | Error
     """


    return sync_detailed(
        tool_id=tool_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    tool_id: str,
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> Response[AgentTool | Error]:
    """ Replace an agent tool (alias of PUT /v1/tools/{toolId})

     A new name that would collide with another tool of an agent using this one is refused (422). A tool
    an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentTool | Error]
     """


    kwargs = _get_kwargs(
        tool_id=tool_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tool_id: str,
    *,
    client: AuthenticatedClient,
    body: AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool | SoatTool,

) -> AgentTool | Error | None:
    """ Replace an agent tool (alias of PUT /v1/tools/{toolId})

     A new name that would collide with another tool of an agent using this one is refused (422). A tool
    an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (AgentCallTool | BuiltinTool | ClientTool | HttpTool | McpTool | PlatformTool |
            SoatTool):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentTool | Error
     """


    return (await asyncio_detailed(
        tool_id=tool_id,
client=client,
body=body,

    )).parsed
