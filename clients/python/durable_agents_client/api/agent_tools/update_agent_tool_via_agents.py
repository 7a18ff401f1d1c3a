from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_tool import AgentTool
from ...models.error import Error
from ...models.patch_agent_tool import PatchAgentTool
from typing import cast



def _get_kwargs(
    tool_id: str,
    *,
    body: PatchAgentTool,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/agents/tools/{tool_id}".format(tool_id=quote(str(tool_id), safe=""),),
    }

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
    body: PatchAgentTool,

) -> Response[AgentTool | Error]:
    """ Update some fields of an agent tool (merge patch) (alias of PATCH /v1/tools/{toolId})

     A tool an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (PatchAgentTool): Fields are checked against the tool type after merging (see
            CreateAgentTool).

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
    body: PatchAgentTool,

) -> AgentTool | Error | None:
    """ Update some fields of an agent tool (merge patch) (alias of PATCH /v1/tools/{toolId})

     A tool an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (PatchAgentTool): Fields are checked against the tool type after merging (see
            CreateAgentTool).

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
    body: PatchAgentTool,

) -> Response[AgentTool | Error]:
    """ Update some fields of an agent tool (merge patch) (alias of PATCH /v1/tools/{toolId})

     A tool an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (PatchAgentTool): Fields are checked against the tool type after merging (see
            CreateAgentTool).

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
    body: PatchAgentTool,

) -> AgentTool | Error | None:
    """ Update some fields of an agent tool (merge patch) (alias of PATCH /v1/tools/{toolId})

     A tool an agent owns (ownerAgentId) is changed through that agent (409).

    Args:
        tool_id (str):  Example: agt_tool_7HqL2vX9pC4d.
        body (PatchAgentTool): Fields are checked against the tool type after merging (see
            CreateAgentTool).

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
