from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.steering_message_record import SteeringMessageRecord
from ...models.steering_message_request import SteeringMessageRequest
from typing import cast



def _get_kwargs(
    generation_id: str,
    *,
    body: SteeringMessageRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/generations/{generation_id}/messages".format(generation_id=quote(str(generation_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SteeringMessageRecord | None:
    if response.status_code == 202:
        response_202 = SteeringMessageRecord.from_dict(response.json())



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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SteeringMessageRecord]:
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
    body: SteeringMessageRequest,

) -> Response[Error | SteeringMessageRecord]:
    """ Add a user message to a running generation (steering)

     Stored, then applied at the next step boundary: the next model call reads it after the step's tool
    results (docs/steering.md). A paused generation takes it too; it is applied at the model call after
    the pause is answered. 409 once the generation is completed, failed or cancelled, or while it waits
    for its session's turn. At most 100 messages or 1 MiB of content (UTF-8) may be pending per
    generation: one more is a 429 `too_many_pending_messages` and nothing is stored (a repeated
    clientMessageId still answers with its stored message).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (SteeringMessageRequest):  Example: {'content': 'Use the EU warehouse instead.',
            'clientMessageId': 'c-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SteeringMessageRecord]
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
    body: SteeringMessageRequest,

) -> Error | SteeringMessageRecord | None:
    """ Add a user message to a running generation (steering)

     Stored, then applied at the next step boundary: the next model call reads it after the step's tool
    results (docs/steering.md). A paused generation takes it too; it is applied at the model call after
    the pause is answered. 409 once the generation is completed, failed or cancelled, or while it waits
    for its session's turn. At most 100 messages or 1 MiB of content (UTF-8) may be pending per
    generation: one more is a 429 `too_many_pending_messages` and nothing is stored (a repeated
    clientMessageId still answers with its stored message).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (SteeringMessageRequest):  Example: {'content': 'Use the EU warehouse instead.',
            'clientMessageId': 'c-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SteeringMessageRecord
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
    body: SteeringMessageRequest,

) -> Response[Error | SteeringMessageRecord]:
    """ Add a user message to a running generation (steering)

     Stored, then applied at the next step boundary: the next model call reads it after the step's tool
    results (docs/steering.md). A paused generation takes it too; it is applied at the model call after
    the pause is answered. 409 once the generation is completed, failed or cancelled, or while it waits
    for its session's turn. At most 100 messages or 1 MiB of content (UTF-8) may be pending per
    generation: one more is a 429 `too_many_pending_messages` and nothing is stored (a repeated
    clientMessageId still answers with its stored message).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (SteeringMessageRequest):  Example: {'content': 'Use the EU warehouse instead.',
            'clientMessageId': 'c-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SteeringMessageRecord]
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
    body: SteeringMessageRequest,

) -> Error | SteeringMessageRecord | None:
    """ Add a user message to a running generation (steering)

     Stored, then applied at the next step boundary: the next model call reads it after the step's tool
    results (docs/steering.md). A paused generation takes it too; it is applied at the model call after
    the pause is answered. 409 once the generation is completed, failed or cancelled, or while it waits
    for its session's turn. At most 100 messages or 1 MiB of content (UTF-8) may be pending per
    generation: one more is a 429 `too_many_pending_messages` and nothing is stored (a repeated
    clientMessageId still answers with its stored message).

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        body (SteeringMessageRequest):  Example: {'content': 'Use the EU warehouse instead.',
            'clientMessageId': 'c-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SteeringMessageRecord
     """


    return (await asyncio_detailed(
        generation_id=generation_id,
client=client,
body=body,

    )).parsed
