from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.setting import Setting
from ...models.setting_key import SettingKey
from typing import cast



def _get_kwargs(
    key: SettingKey,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/settings/{key}".format(key=quote(str(key), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Setting | None:
    if response.status_code == 200:
        response_200 = Setting.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Setting]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    key: SettingKey,
    *,
    client: AuthenticatedClient,

) -> Response[Error | Setting]:
    """ Get a setting

    Args:
        key (SettingKey): CODE_SANDBOX_URL: External code sandbox for code_execute languages other
            than JavaScript (overrides the env var). CODE_SANDBOX_API_KEY: Bearer token sent to the
            code sandbox. WEB_SEARCH_API_KEY: Brave Search API subscription token used by web_search
            (sent as X-Subscription-Token). WEB_SEARCH_URL: Endpoint of web_search: the Brave Search
            web search URL (default https://api.search.brave.com/res/v1/web/search) or a server
            answering in its format. WEB_SEARCH_PROVIDER: The search API web_search calls: brave
            (default; WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL). EXA_API_KEY:
            Exa API key used by web_search when WEB_SEARCH_PROVIDER is exa (sent as x-api-key).
            EXA_URL: Endpoint of web_search with the exa provider (default https://api.exa.ai/search)
            or a server answering in its format. SMTP_URL: SMTP server send_email delivers through,
            with its credentials. SMTP_FROM: The From address of the e-mails send_email sends.
            VISION_MODEL: Model of the generation's provider that describes images for web_scrape's
            includeImages (it must accept image inputs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Setting]
     """


    kwargs = _get_kwargs(
        key=key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    key: SettingKey,
    *,
    client: AuthenticatedClient,

) -> Error | Setting | None:
    """ Get a setting

    Args:
        key (SettingKey): CODE_SANDBOX_URL: External code sandbox for code_execute languages other
            than JavaScript (overrides the env var). CODE_SANDBOX_API_KEY: Bearer token sent to the
            code sandbox. WEB_SEARCH_API_KEY: Brave Search API subscription token used by web_search
            (sent as X-Subscription-Token). WEB_SEARCH_URL: Endpoint of web_search: the Brave Search
            web search URL (default https://api.search.brave.com/res/v1/web/search) or a server
            answering in its format. WEB_SEARCH_PROVIDER: The search API web_search calls: brave
            (default; WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL). EXA_API_KEY:
            Exa API key used by web_search when WEB_SEARCH_PROVIDER is exa (sent as x-api-key).
            EXA_URL: Endpoint of web_search with the exa provider (default https://api.exa.ai/search)
            or a server answering in its format. SMTP_URL: SMTP server send_email delivers through,
            with its credentials. SMTP_FROM: The From address of the e-mails send_email sends.
            VISION_MODEL: Model of the generation's provider that describes images for web_scrape's
            includeImages (it must accept image inputs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Setting
     """


    return sync_detailed(
        key=key,
client=client,

    ).parsed

async def asyncio_detailed(
    key: SettingKey,
    *,
    client: AuthenticatedClient,

) -> Response[Error | Setting]:
    """ Get a setting

    Args:
        key (SettingKey): CODE_SANDBOX_URL: External code sandbox for code_execute languages other
            than JavaScript (overrides the env var). CODE_SANDBOX_API_KEY: Bearer token sent to the
            code sandbox. WEB_SEARCH_API_KEY: Brave Search API subscription token used by web_search
            (sent as X-Subscription-Token). WEB_SEARCH_URL: Endpoint of web_search: the Brave Search
            web search URL (default https://api.search.brave.com/res/v1/web/search) or a server
            answering in its format. WEB_SEARCH_PROVIDER: The search API web_search calls: brave
            (default; WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL). EXA_API_KEY:
            Exa API key used by web_search when WEB_SEARCH_PROVIDER is exa (sent as x-api-key).
            EXA_URL: Endpoint of web_search with the exa provider (default https://api.exa.ai/search)
            or a server answering in its format. SMTP_URL: SMTP server send_email delivers through,
            with its credentials. SMTP_FROM: The From address of the e-mails send_email sends.
            VISION_MODEL: Model of the generation's provider that describes images for web_scrape's
            includeImages (it must accept image inputs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Setting]
     """


    kwargs = _get_kwargs(
        key=key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    key: SettingKey,
    *,
    client: AuthenticatedClient,

) -> Error | Setting | None:
    """ Get a setting

    Args:
        key (SettingKey): CODE_SANDBOX_URL: External code sandbox for code_execute languages other
            than JavaScript (overrides the env var). CODE_SANDBOX_API_KEY: Bearer token sent to the
            code sandbox. WEB_SEARCH_API_KEY: Brave Search API subscription token used by web_search
            (sent as X-Subscription-Token). WEB_SEARCH_URL: Endpoint of web_search: the Brave Search
            web search URL (default https://api.search.brave.com/res/v1/web/search) or a server
            answering in its format. WEB_SEARCH_PROVIDER: The search API web_search calls: brave
            (default; WEB_SEARCH_API_KEY, WEB_SEARCH_URL) or exa (EXA_API_KEY, EXA_URL). EXA_API_KEY:
            Exa API key used by web_search when WEB_SEARCH_PROVIDER is exa (sent as x-api-key).
            EXA_URL: Endpoint of web_search with the exa provider (default https://api.exa.ai/search)
            or a server answering in its format. SMTP_URL: SMTP server send_email delivers through,
            with its credentials. SMTP_FROM: The From address of the e-mails send_email sends.
            VISION_MODEL: Model of the generation's provider that describes images for web_scrape's
            includeImages (it must accept image inputs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Setting
     """


    return (await asyncio_detailed(
        key=key,
client=client,

    )).parsed
