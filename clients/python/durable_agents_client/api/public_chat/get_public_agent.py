from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.public_agent import PublicAgent
from typing import cast



def _get_kwargs(
    slug: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/public/agents/{slug}".format(slug=quote(str(slug), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PublicAgent | None:
    if response.status_code == 200:
        response_200 = PublicAgent.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | PublicAgent]:
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

) -> Response[Error | PublicAgent]:
    """ What a chat widget shows of the agent: name, welcome message, branding

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After).

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicAgent]
     """


    kwargs = _get_kwargs(
        slug=slug,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    slug: str,
    *,
    client: AuthenticatedClient | Client,

) -> Error | PublicAgent | None:
    """ What a chat widget shows of the agent: name, welcome message, branding

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After).

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicAgent
     """


    return sync_detailed(
        slug=slug,
client=client,

    ).parsed

async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Error | PublicAgent]:
    """ What a chat widget shows of the agent: name, welcome message, branding

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After).

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicAgent]
     """


    kwargs = _get_kwargs(
        slug=slug,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient | Client,

) -> Error | PublicAgent | None:
    """ What a chat widget shows of the agent: name, welcome message, branding

     Authenticated with the agent key in `X-Agent-Key` (not an API key). Browsers may call it only from
    the agent's `publicChat.allowedOrigins` (CORS; preflight answered, any other Origin gets 403 without
    CORS headers). 404 when the agent is inactive or public chat is off. Rate limited per agent key and
    per client address (429 with Retry-After).

    Args:
        slug (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicAgent
     """


    return (await asyncio_detailed(
        slug=slug,
client=client,

    )).parsed
