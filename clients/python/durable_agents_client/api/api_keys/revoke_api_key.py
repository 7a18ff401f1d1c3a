from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_key import ApiKey
from ...models.error import Error
from typing import cast



def _get_kwargs(
    api_key_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/api-keys/{api_key_id}".format(api_key_id=quote(str(api_key_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiKey | Error | None:
    if response.status_code == 200:
        response_200 = ApiKey.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiKey | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    api_key_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ApiKey | Error]:
    """ Revoke an API key (it gets 401 from then on)

     The key stays readable (GET, list) with its `revokedAt`, as an audit trail. 409 for the project's
    last admin key (a key whose policy allows every action on every resource).

    Args:
        api_key_id (str):  Example: key_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKey | Error]
     """


    kwargs = _get_kwargs(
        api_key_id=api_key_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    api_key_id: str,
    *,
    client: AuthenticatedClient,

) -> ApiKey | Error | None:
    """ Revoke an API key (it gets 401 from then on)

     The key stays readable (GET, list) with its `revokedAt`, as an audit trail. 409 for the project's
    last admin key (a key whose policy allows every action on every resource).

    Args:
        api_key_id (str):  Example: key_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKey | Error
     """


    return sync_detailed(
        api_key_id=api_key_id,
client=client,

    ).parsed

async def asyncio_detailed(
    api_key_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[ApiKey | Error]:
    """ Revoke an API key (it gets 401 from then on)

     The key stays readable (GET, list) with its `revokedAt`, as an audit trail. 409 for the project's
    last admin key (a key whose policy allows every action on every resource).

    Args:
        api_key_id (str):  Example: key_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKey | Error]
     """


    kwargs = _get_kwargs(
        api_key_id=api_key_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    api_key_id: str,
    *,
    client: AuthenticatedClient,

) -> ApiKey | Error | None:
    """ Revoke an API key (it gets 401 from then on)

     The key stays readable (GET, list) with its `revokedAt`, as an audit trail. 409 for the project's
    last admin key (a key whose policy allows every action on every resource).

    Args:
        api_key_id (str):  Example: key_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKey | Error
     """


    return (await asyncio_detailed(
        api_key_id=api_key_id,
client=client,

    )).parsed
