from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.document_summary import DocumentSummary
from ...models.error import Error
from typing import cast



def _get_kwargs(
    knowledge_base_id: str,
    document_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/knowledge-bases/{knowledge_base_id}/documents/{document_id}/reindex".format(knowledge_base_id=quote(str(knowledge_base_id), safe=""),document_id=quote(str(document_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DocumentSummary | Error | None:
    if response.status_code == 202:
        response_202 = DocumentSummary.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DocumentSummary | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    knowledge_base_id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[DocumentSummary | Error]:
    """ Re-index a document

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        document_id (str):  Example: doc_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DocumentSummary | Error]
     """


    kwargs = _get_kwargs(
        knowledge_base_id=knowledge_base_id,
document_id=document_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    knowledge_base_id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,

) -> DocumentSummary | Error | None:
    """ Re-index a document

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        document_id (str):  Example: doc_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DocumentSummary | Error
     """


    return sync_detailed(
        knowledge_base_id=knowledge_base_id,
document_id=document_id,
client=client,

    ).parsed

async def asyncio_detailed(
    knowledge_base_id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[DocumentSummary | Error]:
    """ Re-index a document

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        document_id (str):  Example: doc_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DocumentSummary | Error]
     """


    kwargs = _get_kwargs(
        knowledge_base_id=knowledge_base_id,
document_id=document_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    knowledge_base_id: str,
    document_id: str,
    *,
    client: AuthenticatedClient,

) -> DocumentSummary | Error | None:
    """ Re-index a document

    Args:
        knowledge_base_id (str):  Example: kb_4kT9xQ2mZ8wR.
        document_id (str):  Example: doc_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DocumentSummary | Error
     """


    return (await asyncio_detailed(
        knowledge_base_id=knowledge_base_id,
document_id=document_id,
client=client,

    )).parsed
