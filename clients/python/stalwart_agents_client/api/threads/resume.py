from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.ask_resume import AskResume
from ...models.confirm_resume import ConfirmResume
from ...models.delegate_resume import DelegateResume
from ...models.outcome_unknown_resume import OutcomeUnknownResume
from ...models.problem import Problem
from ...models.saga_stuck_resume import SagaStuckResume
from ...models.turn_reply import TurnReply
from ...types import UNSET, Unset
from typing import cast


def _get_kwargs(
    id: str,
    *,
    body: AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume | SagaStuckResume,
    stalwart_session: str | Unset = UNSET,
    stalwart_signature: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(stalwart_session, Unset):
        headers["Stalwart-Session"] = stalwart_session

    if not isinstance(stalwart_signature, Unset):
        headers["Stalwart-Signature"] = stalwart_signature

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/threads/{id}/resume".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, ConfirmResume):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, OutcomeUnknownResume):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SagaStuckResume):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AskResume):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TurnReply | None:
    if response.status_code == 200:
        response_200 = TurnReply.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | TurnReply]:
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
    body: AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume | SagaStuckResume,
    stalwart_session: str | Unset = UNSET,
    stalwart_signature: str | Unset = UNSET,
) -> Response[Problem | TurnReply]:
    """Answer one pause.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):
        stalwart_signature (str | Unset):
        body (AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume |
            SagaStuckResume): One answer to one pause, naming its kind, so that the decisions are the
            kind's own. The older `{"interrupt_id", "decision", "token"}` without `kind`
            (ResumeRequest) is still taken; its decision is then checked against the pause (422 when
            not one it takes).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnReply]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        stalwart_session=stalwart_session,
        stalwart_signature=stalwart_signature,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume | SagaStuckResume,
    stalwart_session: str | Unset = UNSET,
    stalwart_signature: str | Unset = UNSET,
) -> Problem | TurnReply | None:
    """Answer one pause.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):
        stalwart_signature (str | Unset):
        body (AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume |
            SagaStuckResume): One answer to one pause, naming its kind, so that the decisions are the
            kind's own. The older `{"interrupt_id", "decision", "token"}` without `kind`
            (ResumeRequest) is still taken; its decision is then checked against the pause (422 when
            not one it takes).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnReply
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        stalwart_session=stalwart_session,
        stalwart_signature=stalwart_signature,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume | SagaStuckResume,
    stalwart_session: str | Unset = UNSET,
    stalwart_signature: str | Unset = UNSET,
) -> Response[Problem | TurnReply]:
    """Answer one pause.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):
        stalwart_signature (str | Unset):
        body (AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume |
            SagaStuckResume): One answer to one pause, naming its kind, so that the decisions are the
            kind's own. The older `{"interrupt_id", "decision", "token"}` without `kind`
            (ResumeRequest) is still taken; its decision is then checked against the pause (422 when
            not one it takes).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TurnReply]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        stalwart_session=stalwart_session,
        stalwart_signature=stalwart_signature,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume | SagaStuckResume,
    stalwart_session: str | Unset = UNSET,
    stalwart_signature: str | Unset = UNSET,
) -> Problem | TurnReply | None:
    """Answer one pause.

    Args:
        id (str): 1 to 128 letters, digits, dots, underscores, colons or dashes, starting with a
            letter or digit
        stalwart_session (str | Unset):
        stalwart_signature (str | Unset):
        body (AskResume | ConfirmResume | DelegateResume | OutcomeUnknownResume |
            SagaStuckResume): One answer to one pause, naming its kind, so that the decisions are the
            kind's own. The older `{"interrupt_id", "decision", "token"}` without `kind`
            (ResumeRequest) is still taken; its decision is then checked against the pause (422 when
            not one it takes).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TurnReply
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            stalwart_session=stalwart_session,
            stalwart_signature=stalwart_signature,
        )
    ).parsed
