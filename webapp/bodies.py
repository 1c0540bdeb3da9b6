"""Reading request bodies for every game's API: one JSON object of at most MAX_BODY bytes,
its fields checked by type and range.  A field that is wrong answers 400 with one sentence
naming it (`BadRequest`); nothing a client sends reaches a 500."""
from __future__ import annotations

import json
import math

from starlette.exceptions import HTTPException

MAX_BODY = 64 * 1024          # a position is ~200 bytes, a long game record ~2 KB
MAX_TEXT = 16 * 1024          # the longest text field (a position, a record's move list)


class BadRequest(HTTPException):
    """An answer {"error": detail} with a 4xx status (400 unless told)."""

    def __init__(self, detail: str, status: int = 400):
        super().__init__(status, detail)


async def read_json(request) -> dict:
    """The request's JSON object; 413 past MAX_BODY bytes, 400 if it is not a JSON object."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(f"request body over {MAX_BODY} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"request body over {MAX_BODY} bytes", 413)
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise BadRequest(f"the body is not JSON: {str(e)[:120]}") from None
    except RecursionError:
        raise BadRequest("the body nests JSON too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest('the body must be a JSON object, like {"position": "..."}')
    return data


def is_whole(value, low: int, high: int) -> bool:
    """value is a JSON whole number (not true/false, not 3.7, not 1e400) in low..high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def whole(data: dict, key: str, low: int, high: int, default=None):
    """data[key], a whole number low..high, or `default` when absent or null."""
    value = data.get(key)
    if value is None:
        return default
    if not is_whole(value, low, high):
        raise BadRequest(f'"{key}" must be a whole number from {low} to {high}')
    return value


def text(data: dict, key: str, what: str, required: bool = True, limit: int = MAX_TEXT):
    """data[key], a string of at most `limit` characters (`what` says what it should be)."""
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise BadRequest(f'"{key}" must be {what}')
    if len(value) > limit:
        raise BadRequest(f'"{key}" is longer than {limit} characters')
    return value


def seconds(data: dict, key: str = "max_seconds") -> float | None:
    """data[key], a positive finite number of seconds, or None when absent or null."""
    value = data.get(key)
    if value is None:
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or (isinstance(value, float) and not math.isfinite(value)) or not 0 < value < 1e9):
        raise BadRequest(f'"{key}" must be a positive number of seconds')
    return float(value)


def flag(data: dict, key: str) -> bool:
    """data[key], true or false (false when absent or null)."""
    value = data.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f'"{key}" must be true or false')
    return value


def choice(data: dict, key: str, allowed, default=None) -> str:
    """data[key], one of the strings `allowed` (`default` when absent or null)."""
    value = data.get(key)
    if value is None:
        value = default
    if not isinstance(value, str) or value not in allowed:
        raise BadRequest(f'"{key}" must be one of: {", ".join(allowed)}')
    return value
