from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_console_asset_asset import GetConsoleAssetAsset
from typing import cast



def _get_kwargs(
    asset: GetConsoleAssetAsset,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/console/{asset}".format(asset=quote(str(asset), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    asset: GetConsoleAssetAsset,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Error | str]:
    """ The console's scripts (ES modules) and stylesheet

    Args:
        asset (GetConsoleAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        asset=asset,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    asset: GetConsoleAssetAsset,
    *,
    client: AuthenticatedClient | Client,

) -> Error | str | None:
    """ The console's scripts (ES modules) and stylesheet

    Args:
        asset (GetConsoleAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        asset=asset,
client=client,

    ).parsed

async def asyncio_detailed(
    asset: GetConsoleAssetAsset,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Error | str]:
    """ The console's scripts (ES modules) and stylesheet

    Args:
        asset (GetConsoleAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        asset=asset,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    asset: GetConsoleAssetAsset,
    *,
    client: AuthenticatedClient | Client,

) -> Error | str | None:
    """ The console's scripts (ES modules) and stylesheet

    Args:
        asset (GetConsoleAssetAsset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        asset=asset,
client=client,

    )).parsed
