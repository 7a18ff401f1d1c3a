from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.generate_request import GenerateRequest
from ...models.generation import Generation
from typing import cast



def _get_kwargs(
    agent_id: str,
    *,
    body: GenerateRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/agents/{agent_id}/generate".format(agent_id=quote(str(agent_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Generation | None:
    if response.status_code == 200:
        response_200 = Generation.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = Generation.from_dict(response.json())



        return response_202

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Generation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,

) -> Response[Error | Generation]:
    """ Run the agent (sync by default; async: true returns 202 at once)

     An Idempotency-Key header (1-255 visible ASCII characters, otherwise 400) makes a repeated request
    return the same generation; the same key with a different request is a 422.

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Generation]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,

) -> Error | Generation | None:
    """ Run the agent (sync by default; async: true returns 202 at once)

     An Idempotency-Key header (1-255 visible ASCII characters, otherwise 400) makes a repeated request
    return the same generation; the same key with a different request is a 422.

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Generation
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,

) -> Response[Error | Generation]:
    """ Run the agent (sync by default; async: true returns 202 at once)

     An Idempotency-Key header (1-255 visible ASCII characters, otherwise 400) makes a repeated request
    return the same generation; the same key with a different request is a 422.

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Generation]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,

) -> Error | Generation | None:
    """ Run the agent (sync by default; async: true returns 202 at once)

     An Idempotency-Key header (1-255 visible ASCII characters, otherwise 400) makes a repeated request
    return the same generation; the same key with a different request is a 422.

    Args:
        agent_id (str):  Example: agt_4kT9xQ2mZ8wR.
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Generation
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,
body=body,

    )).parsed
