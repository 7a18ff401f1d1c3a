from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.builtin_catalog import BuiltinCatalog
from ...models.error import Error
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/builtin-tools",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BuiltinCatalog | Error | None:
    if response.status_code == 200:
        response_200 = BuiltinCatalog.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BuiltinCatalog | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[BuiltinCatalog | Error]:
    """ List the builtin tools with the JSON Schemas of their arguments and config

     What `{ "type": "builtin", "name": … }` tools can be: each builtin with its description, limits, the
    JSON Schema of the arguments the model sends and of its `config`. The same for every project.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BuiltinCatalog | Error]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> BuiltinCatalog | Error | None:
    """ List the builtin tools with the JSON Schemas of their arguments and config

     What `{ "type": "builtin", "name": … }` tools can be: each builtin with its description, limits, the
    JSON Schema of the arguments the model sends and of its `config`. The same for every project.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BuiltinCatalog | Error
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[BuiltinCatalog | Error]:
    """ List the builtin tools with the JSON Schemas of their arguments and config

     What `{ "type": "builtin", "name": … }` tools can be: each builtin with its description, limits, the
    JSON Schema of the arguments the model sends and of its `config`. The same for every project.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BuiltinCatalog | Error]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> BuiltinCatalog | Error | None:
    """ List the builtin tools with the JSON Schemas of their arguments and config

     What `{ "type": "builtin", "name": … }` tools can be: each builtin with its description, limits, the
    JSON Schema of the arguments the model sends and of its `config`. The same for every project.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BuiltinCatalog | Error
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
