"""Settings: changing the sound effects' volume plays a sample at the new volume (one per
moment while a slider is dragged), and the music slider says Off at its left end."""

from __future__ import annotations

import pygame

from uno_desktop.lang.i18n import set_language
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.settings import SAMPLE_GAP_S, SettingsScene


class Heard:
    """A sound bank that remembers what it was asked to play."""

    def __init__(self) -> None:
        self.volume = 1.0
        self.music_volume = 0.0
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def shown(services) -> tuple[SettingsScene, SceneStack]:  # type: ignore[no-untyped-def]
    services.sounds = Heard()
    scene = SettingsScene(services)
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout((1280, 720))
    return scene, stack


def key(scene: SettingsScene, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_turning_the_volume_up_plays_a_sample_at_once(services):
    scene, _stack = shown(services)
    scene.group.focus(scene.volume)
    before = services.settings.volume
    key(scene, pygame.K_LEFT)
    assert services.settings.volume < before
    assert services.sounds.played == ["play"]


def test_dragging_the_volume_plays_one_sample_a_moment_not_one_a_pixel(services):
    scene, stack = shown(services)
    track = scene.volume._track()
    steps = range(track.left, track.right, 4)
    for x in steps:
        scene.volume.on_drag((x, track.centery))
        stack.update(0.01)
    assert len(steps) > 50
    assert 1 <= len(services.sounds.played) <= len(steps) * 0.01 / SAMPLE_GAP_S + 2
    assert scene.wake_in_s() is not None  # the last position is heard too
    stack.update(SAMPLE_GAP_S)
    assert scene.wake_in_s() is None


def test_the_music_slider_says_off_at_its_left_end_in_both_languages(services):
    scene, _stack = shown(services)
    scene.music.set(0.0)
    for lang, off in (("en", "Off"), ("sv", "Av")):
        set_language(lang)
        with record_texts() as drawn:
            scene.draw(pygame.Surface((1280, 720)))
        texts = [t.text for t in drawn]
        assert off in texts and "0 %" not in texts
        assert not any("all the way left" in t or "längst till vänster" in t for t in texts)
