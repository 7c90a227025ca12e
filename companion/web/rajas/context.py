"""Where the Rajas pages find their helpers: the app's extensions, never globals."""

from __future__ import annotations

from flask import Flask, current_app

from companion.service import Companion
from companion.web.rajas.questions import OpenQuestions

QUESTIONS = "companion.web.rajas.questions"


def install(app: Flask, companion: Companion) -> None:
    """Give an app its tracker of open fact questions (listening to the service's bus)."""
    app.extensions[QUESTIONS] = OpenQuestions(companion.bus, companion.store)


def questions() -> OpenQuestions:
    """The open fact questions of the current app."""
    found: OpenQuestions = current_app.extensions[QUESTIONS]
    return found
