"""The PostgreSQL store behind a transaction pooler (`?pgbouncer=true`): nothing prepared, and
streams that still hear of new events without a LISTEN."""

from __future__ import annotations

import asyncio
from urllib.parse import quote, urlencode

import pytest
from psycopg.conninfo import conninfo_to_dict

from stalwart_agents.errors import StoreError
from stalwart_agents.store.postgres import PostgresRunStore
from stalwart_agents.store.postgres._address import Address

from .test_feed import append, next_id, waiting
from .test_store_conformance import waiting_run


def as_pooled_url(dsn: str, **options: str) -> str:
    """The test's libpq DSN as a postgresql:// URL, with the store's options added."""
    parts = {key: str(value) for key, value in conninfo_to_dict(dsn).items()}
    dbname = parts.pop("dbname")
    query = urlencode({**parts, "pgbouncer": "true", **options}, quote_via=quote)
    return f"postgresql:///{dbname}?{query}"


def test_the_stores_options_are_taken_out_of_the_url() -> None:
    address = Address.parse("postgres://u@pooler:6432/db?sslmode=disable&pgbouncer=true")
    assert address.url == "postgresql://u@pooler:6432/db?sslmode=disable"
    assert address.pooled and address.listen_url is None


def test_a_direct_address_for_listen_replaces_only_the_host_and_port() -> None:
    address = Address.parse(
        "postgresql://u@pooler:6432/db?pgbouncer=true&listen_host=db.internal&listen_port=5432"
    )
    assert address.url == "postgresql://u@pooler:6432/db"
    assert address.listen_url == "postgresql://u@/db?host=db.internal&port=5432"


def test_a_direct_port_alone_keeps_the_host_the_url_names() -> None:
    address = Address.parse("postgresql://u@/db?host=/run/pg&port=6432&listen_port=5432")
    assert address.listen_url == "postgresql://u@/db?host=/run/pg&port=5432"


def test_a_url_without_the_stores_options_is_left_as_it_is() -> None:
    url = "postgresql://u@db/app?password=a+b&sslmode=require"
    assert Address.parse(url).url == url


def test_without_a_pooler_listen_goes_where_everything_goes() -> None:
    address = Address.parse("postgresql://u@db/app")
    assert not address.pooled and address.listen_url == address.url


def test_a_pgbouncer_option_that_is_not_true_or_false_is_refused() -> None:
    with pytest.raises(StoreError, match="true or false"):
        Address.parse("postgresql://u@db/app?pgbouncer=yes")


async def prepared(store: PostgresRunStore) -> int:
    """How many statements the store's own connection has prepared on the server."""
    row = await (
        await store._lane.execute("SELECT count(*) FROM pg_prepared_statements")
    ).fetchone()
    return int(row[0])


@pytest.mark.parametrize("pooled", [False, True])
async def test_behind_a_pooler_the_store_prepares_nothing(postgres_url: str, pooled: bool) -> None:
    url = as_pooled_url(postgres_url) if pooled else postgres_url
    async with PostgresRunStore(url) as store:
        for n in range(8):
            run = await waiting_run(store, f"t-{n}")
            claim = await store.claim(
                f"t-{n}", f"{run['id']}-0", "tok", "approve", None, "me", "l", 30
            )
            assert claim.status == "ok"
        assert (await prepared(store) == 0) is pooled


@pytest.mark.parametrize("direct", [False, True], ids=["looking", "listening directly"])
async def test_behind_a_pooler_streams_hear_of_another_workers_events(
    postgres_url: str, direct: bool
) -> None:
    server = conninfo_to_dict(postgres_url)
    listen = {"listen_host": str(server["host"])} if direct else {}
    url = as_pooled_url(postgres_url, **listen)
    async with PostgresRunStore(url) as store, PostgresRunStore(url) as other:
        assert (store.address.listen_url is not None) is direct
        run = await waiting_run(store)
        events = store.listen("t-1")
        assert await next_id(events) == 1
        for n in range(3):
            [arrived] = await waiting(events)
            await append(other, run, f"w{n}")
            assert await asyncio.wait_for(arrived, 1) == n + 2
        await events.aclose()  # type: ignore[attr-defined]
