"""What handing a turn to the model adds, against a fake provider on loopback.

Run: .venv/bin/python bench/model.py [--turns N] [--stream]

A desk on a copy of the shop example (`on_unread: model`, SQLite in a temporary folder)
takes two kinds of turn, one after another, each on a fresh thread, until each kind has N:
the anchor, "charge 40 to order 4411", which the selector reads; and an unread turn that goes
to the model, here the fake provider of tests/fake_provider.py over real HTTP on loopback,
which proposes the same charge in OpenAI's wire format. Both end on the same pause for the charge,
so the difference is the model's part: building the request, one HTTP exchange, reading and
checking the answer, and journaling it. It prints p50/p99 of each, the ratio of the model
turn's p50 to the anchor's, and the p50 of a bare POST to the fake (the loopback floor).
A real provider adds its own network and thinking time on top; this measures ours.
With --stream the model is asked for server-sent events (`stream: true`), and the fake sends
the same answer in pieces.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from stalwart_agents.desk import Desk  # noqa: E402
from tests.fake_provider import Calls, running  # noqa: E402

SHOP = ROOT / "examples" / "shop"
READ = "charge 40 to order 4411"
UNREAD = "could you sort out the payment for my last order"
CHARGE = Calls(("charge_card", {"amount": 40, "order_id": "4411"}))


def shop_on(base: str, folder: Path, stream: bool) -> Path:
    """A copy of the shop whose model is the fake at `base`, read without asking first."""
    shutil.copytree(SHOP, folder / "shop", ignore=shutil.ignore_patterns("runs.db*", "*.sqlite*"))
    agent_file = folder / "shop" / "agent.yaml"
    spec = yaml.safe_load(agent_file.read_text(encoding="utf-8"))
    spec["agents"][0]["on_unread"] = "model"
    spec["agents"][0]["model"].update(
        base_url=f"{base}/v1", api_key_env="BENCH_MODEL_KEY", stream=stream
    )
    agent_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    os.environ["BENCH_MODEL_KEY"] = "sk-bench"
    return agent_file


def percentile(times: list[float], share: float) -> float:
    """The time under which `share` of the turns took, in milliseconds."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


async def measure(turns: int, stream: bool) -> dict[str, list[float]]:
    """Each kind of turn's times in seconds, interleaved so a busy moment hits both alike."""
    times: dict[str, list[float]] = {"anchor": [], "model": [], "loopback": []}
    with running() as fake, tempfile.TemporaryDirectory() as folder:
        agent_file = shop_on(fake.base, Path(folder), stream)
        async with Desk(agent_file) as desk, httpx.AsyncClient() as client:
            for n in range(turns + 3):
                fake.then(CHARGE)
                started = time.perf_counter()
                reply = await desk.turn(f"m-{n}", UNREAD)
                took = time.perf_counter() - started
                by_model = [(w.kind, w.tool) for w in reply.waiting]
                started = time.perf_counter()
                reply = await desk.turn(f"a-{n}", READ)
                anchor = time.perf_counter() - started
                # Both turns end on the same pause for the same call: only the reading differs.
                assert by_model == [(w.kind, w.tool) for w in reply.waiting] != [], reply.reply
                fake.then(CHARGE)
                started = time.perf_counter()
                await client.post(f"{fake.base}/v1/chat/completions", json={"model": "x"})
                bare = time.perf_counter() - started
                if n >= 3:  # the first turns warm the imports, the store and the connections
                    times["model"].append(took)
                    times["anchor"].append(anchor)
                    times["loopback"].append(bare)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--stream", action="store_true", help="ask for the answer as events")
    given = parser.parse_args()
    times = asyncio.run(measure(given.turns, given.stream))
    for kind, label in (
        ("anchor", "selector-read turn (anchor)"),
        ("model", "model-read turn"),
        ("loopback", "bare POST to the fake"),
    ):
        print(
            f"{label:30} p50 {percentile(times[kind], 0.5):7.2f} ms"
            f"   p99 {percentile(times[kind], 0.99):7.2f} ms"
        )
    anchor, model = statistics.median(times["anchor"]), statistics.median(times["model"])
    print(f"model turn / anchor (p50): {model / anchor:.2f}")
    print(f"added by the model path (p50): {(model - anchor) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
