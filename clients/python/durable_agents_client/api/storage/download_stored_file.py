from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    project: str,
    bucket: str,
    path: str,
    expires: str,
    tool: str | Unset = UNSET,
    signature: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["project"] = project

    params["bucket"] = bucket

    params["path"] = path

    params["expires"] = expires

    params["tool"] = tool

    params["signature"] = signature


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/storage/download",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = cast(str, response.content)
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())



        return response_403

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
    *,
    client: AuthenticatedClient | Client,
    project: str,
    bucket: str,
    path: str,
    expires: str,
    tool: str | Unset = UNSET,
    signature: str,

) -> Response[Error | str]:
    """ Download a stored file with a signed URL from storage_read

     Needs no API key: the URL carries an HMAC-SHA256 signature (a key derived from the server secret)
    over the project, bucket, path and expiry (and the tool, for files of an S3 backend), so changing
    any of them, or using the URL after `expires`, answers 403. Files of an S3 backend are streamed from
    the bucket of that storage tool of the project, reached through the SSRF guard. 404 when the file
    (or the tool) no longer exists. Symbolic links are never followed.

    Args:
        project (str):
        bucket (str):
        path (str):
        expires (str): Unix time (seconds) after which the URL stops working
        tool (str | Unset): The storage tool whose S3 backend keeps the file (absent for files on
            the filesystem)
        signature (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        project=project,
bucket=bucket,
path=path,
expires=expires,
tool=tool,
signature=signature,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    project: str,
    bucket: str,
    path: str,
    expires: str,
    tool: str | Unset = UNSET,
    signature: str,

) -> Error | str | None:
    """ Download a stored file with a signed URL from storage_read

     Needs no API key: the URL carries an HMAC-SHA256 signature (a key derived from the server secret)
    over the project, bucket, path and expiry (and the tool, for files of an S3 backend), so changing
    any of them, or using the URL after `expires`, answers 403. Files of an S3 backend are streamed from
    the bucket of that storage tool of the project, reached through the SSRF guard. 404 when the file
    (or the tool) no longer exists. Symbolic links are never followed.

    Args:
        project (str):
        bucket (str):
        path (str):
        expires (str): Unix time (seconds) after which the URL stops working
        tool (str | Unset): The storage tool whose S3 backend keeps the file (absent for files on
            the filesystem)
        signature (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        client=client,
project=project,
bucket=bucket,
path=path,
expires=expires,
tool=tool,
signature=signature,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    project: str,
    bucket: str,
    path: str,
    expires: str,
    tool: str | Unset = UNSET,
    signature: str,

) -> Response[Error | str]:
    """ Download a stored file with a signed URL from storage_read

     Needs no API key: the URL carries an HMAC-SHA256 signature (a key derived from the server secret)
    over the project, bucket, path and expiry (and the tool, for files of an S3 backend), so changing
    any of them, or using the URL after `expires`, answers 403. Files of an S3 backend are streamed from
    the bucket of that storage tool of the project, reached through the SSRF guard. 404 when the file
    (or the tool) no longer exists. Symbolic links are never followed.

    Args:
        project (str):
        bucket (str):
        path (str):
        expires (str): Unix time (seconds) after which the URL stops working
        tool (str | Unset): The storage tool whose S3 backend keeps the file (absent for files on
            the filesystem)
        signature (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        project=project,
bucket=bucket,
path=path,
expires=expires,
tool=tool,
signature=signature,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    project: str,
    bucket: str,
    path: str,
    expires: str,
    tool: str | Unset = UNSET,
    signature: str,

) -> Error | str | None:
    """ Download a stored file with a signed URL from storage_read

     Needs no API key: the URL carries an HMAC-SHA256 signature (a key derived from the server secret)
    over the project, bucket, path and expiry (and the tool, for files of an S3 backend), so changing
    any of them, or using the URL after `expires`, answers 403. Files of an S3 backend are streamed from
    the bucket of that storage tool of the project, reached through the SSRF guard. 404 when the file
    (or the tool) no longer exists. Symbolic links are never followed.

    Args:
        project (str):
        bucket (str):
        path (str):
        expires (str): Unix time (seconds) after which the URL stops working
        tool (str | Unset): The storage tool whose S3 backend keeps the file (absent for files on
            the filesystem)
        signature (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        client=client,
project=project,
bucket=bucket,
path=path,
expires=expires,
tool=tool,
signature=signature,

    )).parsed
