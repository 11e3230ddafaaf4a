from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.stream_frame import StreamFrame
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    id: str,
    *,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id_header, Unset):
        headers["Last-Event-ID"] = last_event_id_header

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id_query

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/threads/{id}/stream".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamFrame | None:
    if response.status_code == 200:
        response_200 = StreamFrame.from_dict(response.text)

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
) -> Response[Problem | StreamFrame]:
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
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Problem | StreamFrame]:
    """The thread's steps as server-sent events.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        last_event_id_query (int | Unset): An event's per-thread sequence number, as a stream
            resumes after it: at most eighteen digits, as the Last-Event-ID header's pattern takes.
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamFrame]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Problem | StreamFrame | None:
    """The thread's steps as server-sent events.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        last_event_id_query (int | Unset): An event's per-thread sequence number, as a stream
            resumes after it: at most eighteen digits, as the Last-Event-ID header's pattern takes.
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamFrame
    """

    return sync_detailed(
        id=id,
        client=client,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Response[Problem | StreamFrame]:
    """The thread's steps as server-sent events.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        last_event_id_query (int | Unset): An event's per-thread sequence number, as a stream
            resumes after it: at most eighteen digits, as the Last-Event-ID header's pattern takes.
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamFrame]
    """

    kwargs = _get_kwargs(
        id=id,
        last_event_id_query=last_event_id_query,
        last_event_id_header=last_event_id_header,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id_query: int | Unset = UNSET,
    last_event_id_header: str | Unset = UNSET,
) -> Problem | StreamFrame | None:
    """The thread's steps as server-sent events.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        last_event_id_query (int | Unset): An event's per-thread sequence number, as a stream
            resumes after it: at most eighteen digits, as the Last-Event-ID header's pattern takes.
        last_event_id_header (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamFrame
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            last_event_id_query=last_event_id_query,
            last_event_id_header=last_event_id_header,
        )
    ).parsed
