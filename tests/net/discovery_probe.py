"""Run by tests/net/test_discovery.py inside a network namespace of its own (``unshare -rn``, ``lo`` up with
multicast): advertise a game on 127.0.0.1, browse for it, change its free seats, stop it, and print as JSON
what the browser saw at each step. Never run on the machine's own network."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict

from quacks.net.discovery import Advert, Advertiser, Browser, FoundGame

LOOPBACK = ["127.0.0.1"]


def wait_for(browser: Browser, until: Callable[[list[FoundGame]], bool], seconds: float = 8.0) -> list[FoundGame]:
    end = time.monotonic() + seconds
    games = browser.found()
    while not until(games) and time.monotonic() < end:
        time.sleep(0.05)
        games = browser.found()
    return games


def main() -> int:
    out: dict[str, object] = {}
    advert = Advert("Ann's kitchen", "127.0.0.1", 47999, 2, 3, "all set 1", 1, "9.9.9", "ab" * 32)
    advertiser = Advertiser(advert, interfaces=LOOPBACK)
    out["advertised"] = advertiser.start()
    out["advertiser_problem"] = advertiser.problem
    browser = Browser(interfaces=LOOPBACK)
    out["browsing"] = browser.start()
    out["browser_problem"] = browser.problem
    t0 = time.monotonic()
    out["found"] = [asdict(g) for g in wait_for(browser, bool)]
    out["found_after"] = round(time.monotonic() - t0, 2)
    advertiser.update(1)
    out["updated"] = [asdict(g) for g in wait_for(browser, lambda gs: any(g.free_seats == 1 for g in gs))]
    advertiser.stop()
    t0 = time.monotonic()
    out["after_stop"] = [asdict(g) for g in wait_for(browser, lambda gs: not gs)]
    out["gone_after"] = round(time.monotonic() - t0, 2)
    browser.stop()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
