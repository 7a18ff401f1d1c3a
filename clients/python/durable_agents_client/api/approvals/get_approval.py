from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.approval import Approval
from ...models.error import Error
from typing import cast



def _get_kwargs(
    approval_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/approvals/{approval_id}".format(approval_id=quote(str(approval_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Approval | Error | None:
    if response.status_code == 200:
        response_200 = Approval.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Approval | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    approval_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Approval | Error]:
    """ Get an approval

    Args:
        approval_id (str):  Example: appr_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Approval | Error]
     """


    kwargs = _get_kwargs(
        approval_id=approval_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    approval_id: str,
    *,
    client: AuthenticatedClient,

) -> Approval | Error | None:
    """ Get an approval

    Args:
        approval_id (str):  Example: appr_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Approval | Error
     """


    return sync_detailed(
        approval_id=approval_id,
client=client,

    ).parsed

async def asyncio_detailed(
    approval_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Approval | Error]:
    """ Get an approval

    Args:
        approval_id (str):  Example: appr_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Approval | Error]
     """


    kwargs = _get_kwargs(
        approval_id=approval_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    approval_id: str,
    *,
    client: AuthenticatedClient,

) -> Approval | Error | None:
    """ Get an approval

    Args:
        approval_id (str):  Example: appr_4kT9xQ2mZ8wR.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Approval | Error
     """


    return (await asyncio_detailed(
        approval_id=approval_id,
client=client,

    )).parsed
