"""The command line's way into the window: build the services, open the window at the
title, a table or a replay, and run it; and its two test modes, `--smoke` (one
all-computer round in the real loop) and `--screenshot` (one frame saved).

`cli.py` parses the command line and calls `run_window`; the window itself is `app.py`.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
import traceback
from typing import TYPE_CHECKING

import pygame

from uno_desktop.lang.i18n import _
from uno_desktop.ui.app import App

if TYPE_CHECKING:
    from uno_desktop.ui.scene import Scene
    from uno_desktop.ui.services import Services


@dataclasses.dataclass(frozen=True)
class WindowOptions:
    """What `uno-desktop` was asked to do (see cli.py)."""

    smoke: bool = False
    screenshot: str | None = None
    preset: str | None = None
    players: int | None = None
    seed: int | None = None
    phones: int | None = None  # the table's first seats played from phones
    listen: str | None = None  # HOST:PORT for the phones' server (checked by the command line)
    lang: str | None = None
    exit_after_first_frame: bool = False
    replay: str | None = None  # a recorded round to watch (checked by the command line)


#: --smoke: computers act almost at once and animations run at the top speed
SMOKE_TIMING = {"think_time_s": 0.05, "catch_grace_s": 0.1, "react_s": 0.05}
SMOKE_DT_S = 1 / 60
SMOKE_MAX_FRAMES = 60 * 60 * 15  # fifteen simulated minutes: far more than any round
SCREENSHOT_SETTLE_S = 1.2  # at a table: let the deal animation finish first
SCREENSHOT_MAX_S = 8.0


def seconds_since_process_start() -> float:
    """Wall time since this process started (Linux: /proc; elsewhere CPU time as a hint)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of proc(5), counted after the name
        with open("/proc/uptime", encoding="ascii") as f:
            uptime_s = float(f.read().split()[0])
        return max(0.0, uptime_s - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return time.process_time()


def run_window(opts: WindowOptions) -> int:
    """Build the services, open the window and run; the process exit code."""
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.ui.services import build_services

    # --smoke and --screenshot never touch the player's files (no saved match overwritten)
    services = build_services(use_storage=not (opts.smoke or opts.screenshot))
    if opts.lang:
        services.settings = dataclasses.replace(services.settings, language=opts.lang)
        set_language(opts.lang)
    if opts.smoke:
        return _run_smoke(services, opts)
    app = App(services)
    try:
        app.open_window()
        scene = first_scene(services, opts, smoke=False)
    except (ValueError, KeyError, OSError) as exc:
        print(f"uno-desktop: {exc}", file=sys.stderr)
        return 2
    app.start(scene)
    if opts.exit_after_first_frame:

        def report(a: App) -> None:
            print(f"first-frame {seconds_since_process_start():.3f}", flush=True)
            a.running = False

        app.on_flip = report
        app.run()
        return 0
    if opts.screenshot:
        return _run_screenshot(app, opts)
    try:
        return app.run()
    finally:
        services.close_phones()  # also when the loop ended by an exception
        pygame.quit()


def first_scene(services: Services, opts: WindowOptions, *, smoke: bool) -> Scene:
    """The title, a replay, or straight to a table for --preset/--players/--smoke."""
    if opts.replay is not None and not smoke:
        from pathlib import Path

        return services.scenes.open_replay(Path(opts.replay))
    if not smoke and opts.preset is None and opts.players is None and opts.phones is None:
        return services.scenes.title()
    from uno_desktop.play.match import new_seed
    from uno_desktop.play.seats import DEFAULT_PLAYERS
    from uno_desktop.rules.presets import load_named_preset, load_preset

    if opts.preset is not None:
        rules = load_preset(opts.preset)  # the command line may give a path: its own choice
    else:
        rules = load_named_preset(services.settings.last_preset or "official")
    preset = rules.name  # the match is named after its preset, never a path
    n = opts.players if opts.players is not None else DEFAULT_PLAYERS
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(
            _("--players {n}: {rules} allows {low} to {high} players").format(
                n=n, rules=rules.name, low=rules.min_players, high=rules.max_players
            )
        )
    from uno_desktop.play.seats import SeatKind, given_names

    kinds = [SeatKind.NORMAL] * n
    if opts.phones and not smoke:
        from uno_desktop.phones.net import parse_listen

        kinds[: opts.phones] = [SeatKind.PHONE] * min(opts.phones, n)
        services.phone_listen = parse_listen(opts.listen) if opts.listen else None
        services.print_phone_links = True
    elif not smoke:
        kinds[0] = SeatKind.HUMAN
    seats = list(zip(given_names(kinds), [kind.value for kind in kinds], strict=True))
    seed = opts.seed if opts.seed is not None else new_seed()
    return services.scenes.start_match(preset, rules, seats, seed)


def _run_smoke(services: Services, opts: WindowOptions) -> int:
    """One all-computer round in the real loop, time advanced by hand; 0 when it ends."""
    from uno_desktop.play.match import ManualClock, Timing

    services.clock = ManualClock()
    services.settings = dataclasses.replace(
        services.settings, animation_speed=4.0, think_time_s=SMOKE_TIMING["think_time_s"]
    )
    app = App(services, strict=True)
    try:
        app.open_window()
        scene = first_scene(services, opts, smoke=True)
        match = services.match
        if match is None:
            print("uno-desktop --smoke: no match was started", file=sys.stderr)
            return 1
        match.timing = Timing(**SMOKE_TIMING)
        app.start(scene)
        code = app.run(
            until=lambda: match.round_over, max_frames=SMOKE_MAX_FRAMES, fixed_dt_s=SMOKE_DT_S
        )
        if code != 0 or not match.round_over:
            print("uno-desktop --smoke: the round did not end in time", file=sys.stderr)
            return 3
        app.run(max_frames=30, fixed_dt_s=SMOKE_DT_S)  # let the round end be drawn
        print(
            f"smoke: round over after {app.frames_drawn} frames drawn; "
            f"points {list(match.round_result().points)}",
            flush=True,
        )
        return 0
    except Exception:
        traceback.print_exc()
        return 1
    finally:
        pygame.quit()


def _run_screenshot(app: App, opts: WindowOptions) -> int:
    """Save one frame: the first one, or at a table the one after the deal."""
    at_table = opts.preset is not None or opts.players is not None
    start = time.monotonic()

    def ready() -> bool:
        if app.frames_drawn < 1:
            return False
        if not at_table:
            return True
        waited = time.monotonic() - start
        if waited >= SCREENSHOT_MAX_S:
            return True
        top = app.stack.top
        animator = getattr(top, "animator", None)
        idle = getattr(animator, "idle", not app.stack.animating)
        return waited >= SCREENSHOT_SETTLE_S and bool(idle)

    try:
        app.run(until=ready)
        surface = pygame.display.get_surface()
        if surface is None:
            return 1
        app._mark_all_dirty()
        app.draw()
        try:
            pygame.image.save(surface, str(opts.screenshot))
        except (pygame.error, OSError) as exc:
            print(f"uno-desktop: --screenshot {opts.screenshot}: {exc}", file=sys.stderr)
            return 2
        print(f"screenshot {opts.screenshot}", flush=True)
        return 0
    finally:
        pygame.quit()
