from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.rollback_report import RollbackReport
from ...models.rollback_request import RollbackRequest
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    id: str,
    *,
    body: RollbackRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/threads/{id}/rollback".format(
            id=quote(str(id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RollbackReport | None:
    if response.status_code == 200:
        response_200 = RollbackReport.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RollbackReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RollbackRequest | Unset = UNSET,
) -> Response[Problem | RollbackReport]:
    """Undo one of the thread's runs.

     Undoes one run of the thread, newest write first: the run the body names, or, with no body or no
    `run`, the thread's latest run (the one its last turn started, even when that run only read). A run
    that waits is stopped first, as a correction stops it.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        body (RollbackRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollbackReport]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RollbackRequest | Unset = UNSET,
) -> Problem | RollbackReport | None:
    """Undo one of the thread's runs.

     Undoes one run of the thread, newest write first: the run the body names, or, with no body or no
    `run`, the thread's latest run (the one its last turn started, even when that run only read). A run
    that waits is stopped first, as a correction stops it.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        body (RollbackRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollbackReport
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RollbackRequest | Unset = UNSET,
) -> Response[Problem | RollbackReport]:
    """Undo one of the thread's runs.

     Undoes one run of the thread, newest write first: the run the body names, or, with no body or no
    `run`, the thread's latest run (the one its last turn started, even when that run only read). A run
    that waits is stopped first, as a correction stops it.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        body (RollbackRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RollbackReport]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RollbackRequest | Unset = UNSET,
) -> Problem | RollbackReport | None:
    """Undo one of the thread's runs.

     Undoes one run of the thread, newest write first: the run the body names, or, with no body or no
    `run`, the thread's latest run (the one its last turn started, even when that run only read). A run
    that waits is stopped first, as a correction stops it.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        body (RollbackRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RollbackReport
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
