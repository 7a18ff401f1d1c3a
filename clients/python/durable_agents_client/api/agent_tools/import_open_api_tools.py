from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.import_open_api_tools_request import ImportOpenApiToolsRequest
from ...models.import_open_api_tools_result import ImportOpenApiToolsResult
from typing import cast



def _get_kwargs(
    *,
    body: ImportOpenApiToolsRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tools/import/openapi",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | ImportOpenApiToolsResult | None:
    if response.status_code == 200:
        response_200 = ImportOpenApiToolsResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | ImportOpenApiToolsResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ImportOpenApiToolsRequest,

) -> Response[Error | ImportOpenApiToolsResult]:
    """ Import http tools from an OpenAPI 3.x document

     Each operation becomes an http tool; importing the same document (by info.title) again updates its
    tools by operation instead of adding new ones. Operations an http tool cannot send are skipped with
    the reason. One transaction: a refused import changes nothing. Needs agents:CreateAgentTool, and
    agents:UpdateAgentTool / agents:DeleteAgentTool on the tools it updates or deletes.

    Args:
        body (ImportOpenApiToolsRequest): Exactly one of `url` and `document` (both or neither is
            a 422). Example: {'url': 'https://api.example.com/openapi.json', 'namePrefix': 'shop',
            'auth': {'bearerAuth': 'token'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ImportOpenApiToolsResult]
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
    body: ImportOpenApiToolsRequest,

) -> Error | ImportOpenApiToolsResult | None:
    """ Import http tools from an OpenAPI 3.x document

     Each operation becomes an http tool; importing the same document (by info.title) again updates its
    tools by operation instead of adding new ones. Operations an http tool cannot send are skipped with
    the reason. One transaction: a refused import changes nothing. Needs agents:CreateAgentTool, and
    agents:UpdateAgentTool / agents:DeleteAgentTool on the tools it updates or deletes.

    Args:
        body (ImportOpenApiToolsRequest): Exactly one of `url` and `document` (both or neither is
            a 422). Example: {'url': 'https://api.example.com/openapi.json', 'namePrefix': 'shop',
            'auth': {'bearerAuth': 'token'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ImportOpenApiToolsResult
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ImportOpenApiToolsRequest,

) -> Response[Error | ImportOpenApiToolsResult]:
    """ Import http tools from an OpenAPI 3.x document

     Each operation becomes an http tool; importing the same document (by info.title) again updates its
    tools by operation instead of adding new ones. Operations an http tool cannot send are skipped with
    the reason. One transaction: a refused import changes nothing. Needs agents:CreateAgentTool, and
    agents:UpdateAgentTool / agents:DeleteAgentTool on the tools it updates or deletes.

    Args:
        body (ImportOpenApiToolsRequest): Exactly one of `url` and `document` (both or neither is
            a 422). Example: {'url': 'https://api.example.com/openapi.json', 'namePrefix': 'shop',
            'auth': {'bearerAuth': 'token'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ImportOpenApiToolsResult]
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
    body: ImportOpenApiToolsRequest,

) -> Error | ImportOpenApiToolsResult | None:
    """ Import http tools from an OpenAPI 3.x document

     Each operation becomes an http tool; importing the same document (by info.title) again updates its
    tools by operation instead of adding new ones. Operations an http tool cannot send are skipped with
    the reason. One transaction: a refused import changes nothing. Needs agents:CreateAgentTool, and
    agents:UpdateAgentTool / agents:DeleteAgentTool on the tools it updates or deletes.

    Args:
        body (ImportOpenApiToolsRequest): Exactly one of `url` and `document` (both or neither is
            a 422). Example: {'url': 'https://api.example.com/openapi.json', 'namePrefix': 'shop',
            'auth': {'bearerAuth': 'token'}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ImportOpenApiToolsResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
