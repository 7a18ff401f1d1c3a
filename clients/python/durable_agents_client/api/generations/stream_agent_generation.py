from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.generation_event import GenerationEvent
from ...models.stream_agent_generation_follow import StreamAgentGenerationFollow
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    generation_id: str,
    *,
    follow: StreamAgentGenerationFollow | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_follow: str | Unset = UNSET
    if not isinstance(follow, Unset):
        json_follow = follow.value

    params["follow"] = json_follow

    params["lastEventId"] = last_event_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/generations/{generation_id}/events".format(generation_id=quote(str(generation_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | GenerationEvent | None:
    if response.status_code == 200:
        response_200 = GenerationEvent.from_dict(response.text)



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | GenerationEvent]:
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
    follow: StreamAgentGenerationFollow | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Error | GenerationEvent]:
    """ Stream a generation's events (SSE, resumable with Last-Event-ID)

     Sends every recorded event after Last-Event-ID, then live ones until the generation settles; keep-
    alive comments every 15 s.

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        follow (StreamAgentGenerationFollow | Unset): Keep streaming across requires_action
            instead of ending there
        last_event_id (str | Unset): Same as the Last-Event-ID header

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GenerationEvent]
     """


    kwargs = _get_kwargs(
        generation_id=generation_id,
follow=follow,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    generation_id: str,
    *,
    client: AuthenticatedClient,
    follow: StreamAgentGenerationFollow | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Error | GenerationEvent | None:
    """ Stream a generation's events (SSE, resumable with Last-Event-ID)

     Sends every recorded event after Last-Event-ID, then live ones until the generation settles; keep-
    alive comments every 15 s.

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        follow (StreamAgentGenerationFollow | Unset): Keep streaming across requires_action
            instead of ending there
        last_event_id (str | Unset): Same as the Last-Event-ID header

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GenerationEvent
     """


    return sync_detailed(
        generation_id=generation_id,
client=client,
follow=follow,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    generation_id: str,
    *,
    client: AuthenticatedClient,
    follow: StreamAgentGenerationFollow | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Error | GenerationEvent]:
    """ Stream a generation's events (SSE, resumable with Last-Event-ID)

     Sends every recorded event after Last-Event-ID, then live ones until the generation settles; keep-
    alive comments every 15 s.

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        follow (StreamAgentGenerationFollow | Unset): Keep streaming across requires_action
            instead of ending there
        last_event_id (str | Unset): Same as the Last-Event-ID header

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GenerationEvent]
     """


    kwargs = _get_kwargs(
        generation_id=generation_id,
follow=follow,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    generation_id: str,
    *,
    client: AuthenticatedClient,
    follow: StreamAgentGenerationFollow | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Error | GenerationEvent | None:
    """ Stream a generation's events (SSE, resumable with Last-Event-ID)

     Sends every recorded event after Last-Event-ID, then live ones until the generation settles; keep-
    alive comments every 15 s.

    Args:
        generation_id (str):  Example: agt_gen_4kT9xQ2mZ8wR.
        follow (StreamAgentGenerationFollow | Unset): Keep streaming across requires_action
            instead of ending there
        last_event_id (str | Unset): Same as the Last-Event-ID header

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GenerationEvent
     """


    return (await asyncio_detailed(
        generation_id=generation_id,
client=client,
follow=follow,
last_event_id=last_event_id,

    )).parsed
