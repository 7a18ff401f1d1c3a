from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.knowledge_base import KnowledgeBase
from ...models.patch_knowledge_base import PatchKnowledgeBase
from typing import cast



def _get_kwargs(
    knowledge_base_id: str,
    *,
    body: PatchKnowledgeBase,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/knowledge-bases/{knowledge_base_id}".format(knowledge_base_id=quote(str(knowledge_base_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | KnowledgeBase | None:
    if response.status_code == 200:
        response_200 = KnowledgeBase.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | KnowledgeBase]:
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
    body: PatchKnowledgeBase,

) -> Response[Error | KnowledgeBase]:
    """ Update a knowledge base (merge patch; embedding or chunking changes re-index every document)

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (PatchKnowledgeBase): A merge patch. Changing language, aiProviderId, embeddingModel,
            chunkSize or chunkOverlap re-indexes every document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeBase]
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
    body: PatchKnowledgeBase,

) -> Error | KnowledgeBase | None:
    """ Update a knowledge base (merge patch; embedding or chunking changes re-index every document)

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (PatchKnowledgeBase): A merge patch. Changing language, aiProviderId, embeddingModel,
            chunkSize or chunkOverlap re-indexes every document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeBase
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
    body: PatchKnowledgeBase,

) -> Response[Error | KnowledgeBase]:
    """ Update a knowledge base (merge patch; embedding or chunking changes re-index every document)

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (PatchKnowledgeBase): A merge patch. Changing language, aiProviderId, embeddingModel,
            chunkSize or chunkOverlap re-indexes every document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeBase]
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
    body: PatchKnowledgeBase,

) -> Error | KnowledgeBase | None:
    """ Update a knowledge base (merge patch; embedding or chunking changes re-index every document)

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        body (PatchKnowledgeBase): A merge patch. Changing language, aiProviderId, embeddingModel,
            chunkSize or chunkOverlap re-indexes every document.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeBase
     """


    return (await asyncio_detailed(
        knowledge_base_id=knowledge_base_id,
client=client,
body=body,

    )).parsed
