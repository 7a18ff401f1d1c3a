from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.fork_request import ForkRequest
from ...models.generation import Generation
from typing import cast



def _get_kwargs(
    generation_id: str,
    *,
    body: ForkRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/generations/{generation_id}/fork".format(generation_id=quote(str(generation_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Generation | None:
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
    generation_id: str,
    *,
    client: AuthenticatedClient,
    body: ForkRequest,

) -> Response[Error | Generation]:
    """ Fork a generation from one of its steps

     Starts a new generation in the same trace with the origin's configuration: steps 1..fromStep are
    replayed from the origin's record (no model or tool call), the rest runs live. At-most-once tools
    wait for a fresh approval in the fork; at-least-once tools get a new Idempotency-Key. Needs
    agents:CreateAgentGeneration on the agent as well. 409 unless the origin is completed, failed or
    cancelled; 422 for a fromStep beyond its steps or an edit that does not apply. An Idempotency-Key
    header makes a repeated request return the same fork (another body with the key is a 422), as on
    generate (docs/fork.md).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (ForkRequest):  Example: {'fromStep': 3, 'messages': [{'index': 1, 'content': 'Book
            the flight for Tuesday instead.'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Generation]
     """


    kwargs = _get_kwargs(
        generation_id=generation_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    generation_id: str,
    *,
    client: AuthenticatedClient,
    body: ForkRequest,

) -> Error | Generation | None:
    """ Fork a generation from one of its steps

     Starts a new generation in the same trace with the origin's configuration: steps 1..fromStep are
    replayed from the origin's record (no model or tool call), the rest runs live. At-most-once tools
    wait for a fresh approval in the fork; at-least-once tools get a new Idempotency-Key. Needs
    agents:CreateAgentGeneration on the agent as well. 409 unless the origin is completed, failed or
    cancelled; 422 for a fromStep beyond its steps or an edit that does not apply. An Idempotency-Key
    header makes a repeated request return the same fork (another body with the key is a 422), as on
    generate (docs/fork.md).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (ForkRequest):  Example: {'fromStep': 3, 'messages': [{'index': 1, 'content': 'Book
            the flight for Tuesday instead.'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Generation
     """


    return sync_detailed(
        generation_id=generation_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    generation_id: str,
    *,
    client: AuthenticatedClient,
    body: ForkRequest,

) -> Response[Error | Generation]:
    """ Fork a generation from one of its steps

     Starts a new generation in the same trace with the origin's configuration: steps 1..fromStep are
    replayed from the origin's record (no model or tool call), the rest runs live. At-most-once tools
    wait for a fresh approval in the fork; at-least-once tools get a new Idempotency-Key. Needs
    agents:CreateAgentGeneration on the agent as well. 409 unless the origin is completed, failed or
    cancelled; 422 for a fromStep beyond its steps or an edit that does not apply. An Idempotency-Key
    header makes a repeated request return the same fork (another body with the key is a 422), as on
    generate (docs/fork.md).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (ForkRequest):  Example: {'fromStep': 3, 'messages': [{'index': 1, 'content': 'Book
            the flight for Tuesday instead.'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Generation]
     """


    kwargs = _get_kwargs(
        generation_id=generation_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    generation_id: str,
    *,
    client: AuthenticatedClient,
    body: ForkRequest,

) -> Error | Generation | None:
    """ Fork a generation from one of its steps

     Starts a new generation in the same trace with the origin's configuration: steps 1..fromStep are
    replayed from the origin's record (no model or tool call), the rest runs live. At-most-once tools
    wait for a fresh approval in the fork; at-least-once tools get a new Idempotency-Key. Needs
    agents:CreateAgentGeneration on the agent as well. 409 unless the origin is completed, failed or
    cancelled; 422 for a fromStep beyond its steps or an edit that does not apply. An Idempotency-Key
    header makes a repeated request return the same fork (another body with the key is a 422), as on
    generate (docs/fork.md).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (ForkRequest):  Example: {'fromStep': 3, 'messages': [{'index': 1, 'content': 'Book
            the flight for Tuesday instead.'}]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Generation
     """


    return (await asyncio_detailed(
        generation_id=generation_id,
client=client,
body=body,

    )).parsed
