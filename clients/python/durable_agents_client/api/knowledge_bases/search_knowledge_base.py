from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.search_knowledge_base import SearchKnowledgeBase
from ...models.search_result import SearchResult
from typing import cast



def _get_kwargs(
    knowledge_base_id: str,
    *,
    body: SearchKnowledgeBase,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/knowledge-bases/{knowledge_base_id}/search".format(knowledge_base_id=quote(str(knowledge_base_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SearchResult | None:
    if response.status_code == 200:
        response_200 = SearchResult.from_dict(response.json())



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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if response.status_code == 502:
        response_502 = Error.from_dict(response.json())



        return response_502

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SearchResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    knowledge_base_id: str,
    *,
    client: AuthenticatedClient,
    body: SearchKnowledgeBase,

) -> Response[Error | SearchResult]:
    """ Search a knowledge base

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (SearchKnowledgeBase):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchResult]
     """


    kwargs = _get_kwargs(
        knowledge_base_id=knowledge_base_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    knowledge_base_id: str,
    *,
    client: AuthenticatedClient,
    body: SearchKnowledgeBase,

) -> Error | SearchResult | None:
    """ Search a knowledge base

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (SearchKnowledgeBase):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchResult
     """


    return sync_detailed(
        knowledge_base_id=knowledge_base_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    knowledge_base_id: str,
    *,
    client: AuthenticatedClient,
    body: SearchKnowledgeBase,

) -> Response[Error | SearchResult]:
    """ Search a knowledge base

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (SearchKnowledgeBase):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchResult]
     """


    kwargs = _get_kwargs(
        knowledge_base_id=knowledge_base_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    knowledge_base_id: str,
    *,
    client: AuthenticatedClient,
    body: SearchKnowledgeBase,

) -> Error | SearchResult | None:
    """ Search a knowledge base

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (SearchKnowledgeBase):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchResult
     """


    return (await asyncio_detailed(
        knowledge_base_id=knowledge_base_id,
client=client,
body=body,

    )).parsed
