from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.schedule import Schedule
from ...models.update_schedule import UpdateSchedule
from typing import cast



def _get_kwargs(
    schedule_id: str,
    *,
    body: UpdateSchedule,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/schedules/{schedule_id}".format(schedule_id=quote(str(schedule_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Schedule | None:
    if response.status_code == 200:
        response_200 = Schedule.from_dict(response.json())



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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Schedule]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    schedule_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateSchedule,

) -> Response[Error | Schedule]:
    """ Change a schedule's request, spec, overlap policy or note (fields given replace)

     Changing `request` also needs agents:CreateAgentGeneration on the agent, and makes this key the one
    every run acts for (`actsForKeyId`).

    Args:
        schedule_id (str):  Example: sch_4kT9xQ2mZ8wR.
        body (UpdateSchedule):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Schedule]
     """


    kwargs = _get_kwargs(
        schedule_id=schedule_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    schedule_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateSchedule,

) -> Error | Schedule | None:
    """ Change a schedule's request, spec, overlap policy or note (fields given replace)

     Changing `request` also needs agents:CreateAgentGeneration on the agent, and makes this key the one
    every run acts for (`actsForKeyId`).

    Args:
        schedule_id (str):  Example: sch_4kT9xQ2mZ8wR.
        body (UpdateSchedule):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Schedule
     """


    return sync_detailed(
        schedule_id=schedule_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    schedule_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateSchedule,

) -> Response[Error | Schedule]:
    """ Change a schedule's request, spec, overlap policy or note (fields given replace)

     Changing `request` also needs agents:CreateAgentGeneration on the agent, and makes this key the one
    every run acts for (`actsForKeyId`).

    Args:
        schedule_id (str):  Example: sch_4kT9xQ2mZ8wR.
        body (UpdateSchedule):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Schedule]
     """


    kwargs = _get_kwargs(
        schedule_id=schedule_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    schedule_id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateSchedule,

) -> Error | Schedule | None:
    """ Change a schedule's request, spec, overlap policy or note (fields given replace)

     Changing `request` also needs agents:CreateAgentGeneration on the agent, and makes this key the one
    every run acts for (`actsForKeyId`).

    Args:
        schedule_id (str):  Example: sch_4kT9xQ2mZ8wR.
        body (UpdateSchedule):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Schedule
     """


    return (await asyncio_detailed(
        schedule_id=schedule_id,
client=client,
body=body,

    )).parsed
