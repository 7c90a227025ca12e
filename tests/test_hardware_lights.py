"""Pattern players: patterns become gpiozero calls, repeats change nothing, finite patterns run out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import LED, PWMLED, RGBLED
from hardware_fixtures import FakeClock, mock_choice, pin, values, wait_for_changes

from hardware import FactoryChoice, VerdictPins
from hardware.lights import PatternLight, SeatLights, VerdictSignal
from hardware.patterns import BEEP_PATTERNS, OFF, ON, STATUS_PATTERNS, VERDICT_PATTERNS, Pattern
from hardware.pins import VERDICT_KINDS


@pytest.fixture
def choice() -> Iterator[FactoryChoice]:
    with mock_choice() as made:
        yield made


def test_every_verdict_has_a_pattern_and_each_lasts_two_seconds() -> None:
    assert tuple(VERDICT_PATTERNS) == VERDICT_KINDS
    assert {p.duration for p in VERDICT_PATTERNS.values()} == {2.0}


def test_verdicts_differ_by_rhythm_not_only_by_colour() -> None:
    rhythms = {(p.on_time, p.off_time, p.repeats) for p in VERDICT_PATTERNS.values()}
    assert len(rhythms) == len(VERDICT_PATTERNS)


def test_status_states_look_different_from_each_other() -> None:
    looks = list(STATUS_PATTERNS.values())
    assert len(set(looks)) == len(looks)


def test_lasting_patterns_have_no_duration_and_beeps_end() -> None:
    assert ON.duration is None
    assert STATUS_PATTERNS["reading"].duration is None
    assert all(p.duration is not None and p.duration < 3 for p in BEEP_PATTERNS.values())


def test_repeating_the_pattern_shown_changes_nothing(choice: FactoryChoice) -> None:
    with LED(17, pin_factory=choice.factory) as led:
        light = PatternLight(led, FakeClock())
        blink = Pattern("blink", on_time=5.0, off_time=5.0)
        assert light.show(blink) is True
        assert light.show(blink) is False
        assert light.show(OFF) is True
    assert values(pin(choice, 17)) == [0.0, 1.0, 0.0]


def test_a_finite_pattern_runs_out_and_can_then_start_again(choice: FactoryChoice) -> None:
    clock = FakeClock()
    with LED(17, pin_factory=choice.factory) as led:
        light = PatternLight(led, clock)
        flash = Pattern("blink", on_time=0.05, repeats=1)
        assert light.show(flash) is True
        clock.advance(0.01)
        assert (light.pattern, light.show(flash)) == (flash, False)
        clock.advance(0.05)
        assert light.pattern == OFF
        assert light.show(OFF) is False
        assert light.show(flash) is True


def test_pulse_on_a_pwm_led_fades_through_intermediate_levels(choice: FactoryChoice) -> None:
    with PWMLED(17, pin_factory=choice.factory) as led:
        PatternLight(led).show(Pattern("pulse", fade_time=0.2))
        wait_for_changes(pin(choice, 17), 6)
    assert any(0.0 < v < 1.0 for v in values(pin(choice, 17)))


def test_pulse_on_a_plain_led_blinks_instead(choice: FactoryChoice) -> None:
    with LED(17, pin_factory=choice.factory) as led:
        PatternLight(led).show(Pattern("pulse", fade_time=0.05))
        wait_for_changes(pin(choice, 17), 4)
    assert set(values(pin(choice, 17))) == {0.0, 1.0}


def test_steady_colour_on_an_rgb_led(choice: FactoryChoice) -> None:
    with RGBLED(22, 27, 16, pin_factory=choice.factory) as rgb:
        PatternLight(rgb).show(Pattern("on", colour=(1.0, 0.5, 0.0)))
        assert rgb.value == (1.0, 0.5, 0.0)


def test_seat_lights_refuse_unknown_seats(choice: FactoryChoice) -> None:
    seats = SeatLights((5, 6), choice.factory)
    for bad in (2, -1, True, "1"):
        with pytest.raises(ValueError, match=r"seat .* is unknown; allowed: 0 to 1 or None"):
            seats.show(bad)  # type: ignore[arg-type]
    seats.close()
    seats.close()


def test_verdict_on_three_leds_lights_only_the_matching_one(choice: FactoryChoice) -> None:
    signal = VerdictSignal(VerdictPins("leds", (22, 27, 16)), choice.factory)
    try:
        signal.show("refused")
        wait_for_changes(pin(choice, 27), 2)
        assert values(pin(choice, 22)) == [0.0]
        assert values(pin(choice, 16)) == [0.0]
        assert signal.kind == "refused"
    finally:
        signal.close()
