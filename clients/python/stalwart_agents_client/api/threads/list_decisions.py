from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.decision_list import DecisionList
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    id: str,
    *,
    stalwart_session: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(stalwart_session, Unset):
        headers["Stalwart-Session"] = stalwart_session

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/threads/{id}/decisions".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DecisionList | Problem | None:
    if response.status_code == 200:
        response_200 = DecisionList.from_dict(response.json())

        return response_200

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DecisionList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    stalwart_session: str | Unset = UNSET,
) -> Response[DecisionList | Problem]:
    """Every answer the thread's pauses took, oldest first, for audit.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DecisionList | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        stalwart_session=stalwart_session,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    stalwart_session: str | Unset = UNSET,
) -> DecisionList | Problem | None:
    """Every answer the thread's pauses took, oldest first, for audit.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DecisionList | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        stalwart_session=stalwart_session,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    stalwart_session: str | Unset = UNSET,
) -> Response[DecisionList | Problem]:
    """Every answer the thread's pauses took, oldest first, for audit.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DecisionList | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        stalwart_session=stalwart_session,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    stalwart_session: str | Unset = UNSET,
) -> DecisionList | Problem | None:
    """Every answer the thread's pauses took, oldest first, for audit.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DecisionList | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            stalwart_session=stalwart_session,
        )
    ).parsed
