"""`drez serve`: the local web app (webapp/) on uvicorn."""
from __future__ import annotations

import signal
import socket

import click

from drez.cli.solodrez.inputs import BadInput
from drez.cli.solodrez.limits import MemorySize
from drez.solver.solodrez.kernels import ensure_compiled


def _check_address(host: str, port: int) -> None:
    """BadInput (one line, exit 2) if host:port cannot be listened on, before uvicorn tries."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, _, _, _, address = infos[0]
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(address)
    except OSError as e:
        raise BadInput(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (only this machine by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--max-seconds", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Time limit of each search a request starts.")
@click.option("--max-memory", type=MemorySize(), default="256M", show_default=True,
              help="Table memory of each search.")
@click.option("--workers", type=click.IntRange(1, 16), default=2, show_default=True,
              help="Searches running at once; later requests wait their turn.")
def serve(host, port, max_seconds, max_memory, workers):
    """Serve the page to play Solodrez in a browser (hints, undo, solutions, review) and
    its JSON API (README: 'Web app'), until Ctrl-C."""
    try:
        import uvicorn

        from drez.webapp.app import create_app
        from drez.webapp.protocol import HardenedH11
        from drez.webapp.searches import Budget
    except ImportError as e:
        raise BadInput(f"drez serve needs the web extra: pip install 'drez[web]' ({e})") from None
    _check_address(host, port)
    ensure_compiled()
    hosts = ["*"] if host in ("0.0.0.0", "::") else ["127.0.0.1", "localhost", "[::1]", host]
    app = create_app(Budget(max_seconds=max_seconds, max_memory=max_memory, workers=workers),
                     allowed_hosts=hosts)
    searches = app.state.searches

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame):
            searches.shutdown()          # running searches stop now, not at their time limit
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=5, http=HardenedH11)
    server = Server(config)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"drez serve: http://{shown}:{port}/ (Ctrl-C stops)", err=True)
    # uvicorn stops on SIGINT and SIGTERM, then raises the signal again with the handler
    # it found: Ctrl-C's is KeyboardInterrupt, and this one makes `kill` stop as quietly
    signal.signal(signal.SIGTERM, _terminated)
    try:
        server.run()
    except (KeyboardInterrupt, _Terminated):
        pass
    click.echo("drez serve: stopped", err=True)


class _Terminated(Exception):
    """SIGTERM reached `drez serve`."""


def _terminated(signum, frame):
    raise _Terminated


COMMANDS = (serve,)
