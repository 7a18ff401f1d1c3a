from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.public_chat_reply import PublicChatReply
from ...models.public_chat_request import PublicChatRequest
from typing import cast



def _get_kwargs(
    slug: str,
    *,
    body: PublicChatRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/public/agents/{slug}/chat".format(slug=quote(str(slug), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PublicChatReply | None:
    if response.status_code == 200:
        response_200 = PublicChatReply.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | PublicChatReply]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: PublicChatRequest,

) -> Response[Error | PublicChatReply]:
    """ Ask the agent (one turn)

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After). Each turn runs one generation. A turn that pauses for an
    operator approval answers `status: pending` (streamed turns stay open until it completes); a
    clarification question answers `status: clarification`. A conversational agent opens a session on
    the first message and returns its `sessionId`; the next message with it continues the conversation
    (the model sees the earlier turns), and answers the pending clarification question if there is one.
    A session whose previous message is still being answered (running, or waiting for an approval)
    refuses with 409 `session_busy`.

    Args:
        slug (str):
        body (PublicChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicChatReply]
     """


    kwargs = _get_kwargs(
        slug=slug,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: PublicChatRequest,

) -> Error | PublicChatReply | None:
    """ Ask the agent (one turn)

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After). Each turn runs one generation. A turn that pauses for an
    operator approval answers `status: pending` (streamed turns stay open until it completes); a
    clarification question answers `status: clarification`. A conversational agent opens a session on
    the first message and returns its `sessionId`; the next message with it continues the conversation
    (the model sees the earlier turns), and answers the pending clarification question if there is one.
    A session whose previous message is still being answered (running, or waiting for an approval)
    refuses with 409 `session_busy`.

    Args:
        slug (str):
        body (PublicChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicChatReply
     """


    return sync_detailed(
        slug=slug,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: PublicChatRequest,

) -> Response[Error | PublicChatReply]:
    """ Ask the agent (one turn)

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After). Each turn runs one generation. A turn that pauses for an
    operator approval answers `status: pending` (streamed turns stay open until it completes); a
    clarification question answers `status: clarification`. A conversational agent opens a session on
    the first message and returns its `sessionId`; the next message with it continues the conversation
    (the model sees the earlier turns), and answers the pending clarification question if there is one.
    A session whose previous message is still being answered (running, or waiting for an approval)
    refuses with 409 `session_busy`.

    Args:
        slug (str):
        body (PublicChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicChatReply]
     """


    kwargs = _get_kwargs(
        slug=slug,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient | Client,
    body: PublicChatRequest,

) -> Error | PublicChatReply | None:
    """ Ask the agent (one turn)

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After). Each turn runs one generation. A turn that pauses for an
    operator approval answers `status: pending` (streamed turns stay open until it completes); a
    clarification question answers `status: clarification`. A conversational agent opens a session on
    the first message and returns its `sessionId`; the next message with it continues the conversation
    (the model sees the earlier turns), and answers the pending clarification question if there is one.
    A session whose previous message is still being answered (running, or waiting for an approval)
    refuses with 409 `session_busy`.

    Args:
        slug (str):
        body (PublicChatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicChatReply
     """


    return (await asyncio_detailed(
        slug=slug,
client=client,
body=body,

    )).parsed
