"""The classroom screen's web application (WSGI, on Werkzeug): the pages, their files and the JSON API.

Everything it reads or writes goes through the tracker's library (the store, tracker.web.view and
tracker.web.pupil). Requests that change a kit need a one-time token from this server's play page; the
store's path and any other file stay hidden: files are served from a fixed list, never by a path the
request names.
"""

from __future__ import annotations

import html
import json
import random
import re
import sys
import threading
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from werkzeug.exceptions import (
    BadRequest,
    Forbidden,
    HTTPException,
    NotFound,
    SecurityError,
    ServiceUnavailable,
)
from werkzeug.routing import Map, Rule
from werkzeug.wrappers import Request, Response

from kit.game import GameError
from kit.i18n import _, current_language
from tracker.state.errors import MenaceError
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import HUMAN
from tracker.state.session import Session
from tracker.store.event_store import Store, StoreBusy
from tracker.store.faults import STORE_FAULTS
from tracker.store.kit_json import boxes_data, stats_data
from tracker.table.play_lock import KitInPlay, held_by, playing
from tracker.web import phone_table, pupil, pupils, screen, story, view, wire
from tracker.web.hosts import LOOPBACK, answers_to
from tracker.web.join import join_address, qr_png
from tracker.web.runs import FASTEST, RunRefused, Runs
from tracker.web.tokens import Tokens
from tracker.web.told import told
from tracker.web.typical import TypicalBands
from tracker.web.words import page_words, words_json

MAX_BODY = 4096  # bytes: a change is a few dozen
MAX_DEPTH = 400  # arrays and objects in one another: a change has one; deeper is refused before it is parsed
MAX_CURVES = 8  # kits on one chart: past that its lines cannot be told apart
# Groups on the lesson's page, each on a chart of its own: as many as `menace lesson --groups` makes (a class
# of 30 in pairs; tracker.cli.lesson.MAX_GROUPS). It showed the first 8 only: a class of 12 lost 4 groups.
MOST_GROUPS = 30
TOKEN_HEADER = "X-Menace-Token"
PUPILS_KEY = "pupils"  # what a join page's token is for: no kit yet
STATIC = {
    "style.css": "text/css; charset=utf-8",
    "common.js": "text/javascript; charset=utf-8",
    "chart.js": "text/javascript; charset=utf-8",
    "live.js": "text/javascript; charset=utf-8",
    "play.js": "text/javascript; charset=utf-8",
    "index.js": "text/javascript; charset=utf-8",
    "wall.js": "text/javascript; charset=utf-8",
    "wall-page.js": "text/javascript; charset=utf-8",
    "classes.js": "text/javascript; charset=utf-8",
    "screen.js": "text/javascript; charset=utf-8",
    "pupils.js": "text/javascript; charset=utf-8",
    "pupils-join.js": "text/javascript; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
    "lesson.js": "text/javascript; charset=utf-8",
}
PAGES = (
    "index.html",
    "live.html",
    "play.html",
    "wall.html",
    "classes.html",
    "pupils.html",
    "pupils-join.html",
    "table.html",
    "lesson.html",
)
SECURITY_HEADERS = {
    # No page loads anything from elsewhere, and none runs inline script: the play token cannot leak out.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
ACTIONS = ("new", "move", "undo", "discard")  # the play page's; the table page's draws a bead too
TABLE_ACTIONS = ("new", "draw", "move", "undo", "discard", "census")
DRAWS = ("digital", "physical")  # a new game's "draw": the tracker draws MENACE's beads, or a person
RUN_CHANGES = ("pause", "resume", "stop", "speed")
RUN_VIEW_AGE_S = 0.25  # the phones' live view may be this old (the live page, with the boxes, sees each)
STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string, escapes and all
PLACEHOLDER = re.compile(r"\{\{([\w:]+)\}\}")  # in static/*.html: {{kit}}, {{w:new_game}}


class ClassroomScreen:
    """The WSGI application for one store. ``kit_name`` is the kit the front page opens, if given;
    ``hosts``, the Host names it answers to (None: any, when serving beyond this machine)."""

    def __init__(
        self,
        db_path: Path,
        *,
        kit_name: str | None = None,
        hosts: list[str] | None = LOOPBACK,
        rng: random.Random | None = None,
        join_url: str | None = None,
        pupils_game: str | None = None,
    ) -> None:
        self.db_path = Path(db_path)
        self.join_url = join_url  # `menace serve --join-url`: where phones open the pages (tracker.web.join)
        self.network_url: str | None = None  # the machine's own address, when served on the network
        self.kit_name = kit_name
        self.hosts = hosts
        self.rng = rng or random.SystemRandom()
        self.tokens = Tokens()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self.runs = Runs(self.db_path, self.rng)
        self.encodings = wire.Encodings()  # the live answers as sent, by ETag
        self.typical = TypicalBands()
        self.pupils = pupils.Pupils(pupils_game)  # `menace serve --pupils GAME`: a MENACE for every pupil
        if pupils_game is not None and not self.db_path.exists():  # a class may start with no kit at all
            Store(self.db_path, create=True).close()
        self.routes = Map(
            [
                Rule("/", endpoint=self.front, methods=["GET"]),
                Rule("/kits/<name>", endpoint=self.live_page, methods=["GET"]),
                Rule("/kits/<name>/play", endpoint=self.play_page, methods=["GET"]),
                Rule("/kits/<name>/wall", endpoint=self.wall_page, methods=["GET"]),
                Rule("/kits/<name>/table", endpoint=self.table_page, methods=["GET"]),
                Rule("/classes", endpoint=self.classes_page, methods=["GET"]),
                Rule("/lesson", endpoint=self.lesson_page, methods=["GET"]),
                Rule("/join.png", endpoint=self.join_png, methods=["GET"]),
                Rule("/pupils", endpoint=self.pupils_page, methods=["GET"]),
                Rule("/pupils/join", endpoint=self.pupils_join_page, methods=["GET"]),
                Rule("/api/pupils", endpoint=self.api_pupils, methods=["GET"]),
                Rule("/api/pupils", endpoint=self.api_pupils_join, methods=["POST"]),
                Rule("/static/<file>", endpoint=self.static, methods=["GET"]),
                Rule("/api/kits", endpoint=self.api_kits, methods=["GET"]),
                Rule("/api/curves", endpoint=self.api_curves, methods=["GET"]),
                Rule("/api/kits/<name>", endpoint=self.api_kit, methods=["GET"]),
                Rule("/api/kits/<name>/live", endpoint=self.api_live, methods=["GET"]),
                Rule("/api/kits/<name>/version", endpoint=self.api_version, methods=["GET"]),
                Rule("/api/kits/<name>/play", endpoint=self.api_play, methods=["POST"]),
                Rule("/api/kits/<name>/held", endpoint=self.api_held, methods=["GET"]),
                Rule("/api/lesson", endpoint=self.api_lesson, methods=["GET"]),
                Rule("/api/kits/<name>/run", endpoint=self.api_run_status, methods=["GET"]),
                Rule("/api/kits/<name>/run", endpoint=self.api_run, methods=["POST"]),
                Rule("/api/kits/<name>/typical", endpoint=self.api_typical, methods=["GET"]),
                Rule("/api/kits/<name>/screen", endpoint=self.api_screen, methods=["GET"]),
                Rule("/api/kits/<name>/stand-in", endpoint=self.api_stand_in, methods=["POST"]),
                Rule("/api/kits/<name>/boxes/<int:box>/story", endpoint=self.api_story, methods=["GET"]),
            ],
            strict_slashes=False,
        )

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        request = Request(environ)
        request.max_content_length = MAX_BODY
        response = self.respond(request)
        response.headers.update(SECURITY_HEADERS)
        body: Iterable[bytes] = response(environ, start_response)
        return body

    def respond(self, request: Request) -> Response:
        api = request.path.startswith("/api/")
        try:
            if not answers_to(request.headers.get("Host"), self.hosts):  # DNS rebinding; "[::1]:PORT" too
                raise SecurityError()
            endpoint, args = self.routes.bind_to_environ(request.environ).match()
            response: Response = endpoint(request, **args)
            return response
        except HTTPException as error:
            return _error(error.code or 500, _described(error), api=api)
        except STORE_FAULTS as error:  # the terminal is told what, the page not where
            print(error, file=sys.stderr, flush=True)
            message = _("the kit's store cannot be read: see the terminal running `menace serve`")
            return _error(503, message, api=api)

    # --- pages ------------------------------------------------------------------------------------------
    def front(self, request: Request) -> Response:
        if self.kit_name is not None:
            kit = self.kit(self.kit_name)
            return Response(status=303, headers={"Location": f"/kits/{_quote(kit.name)}"})
        return _page("index.html", {})

    def live_page(self, request: Request, name: str) -> Response:
        kit = self.kit(name)
        fields = {"kit": kit.name, "token": self.tokens.issue(kit.id)}  # for its runs
        return _page("live.html", fields | self.join_fields(request, f"/kits/{_quote(kit.name)}"))

    def play_page(self, request: Request, name: str) -> Response:
        kit = self.kit(name)
        # A pupil's own MENACE (tracker.web.pupils) links to the class, and gives no code for others to join.
        pupils_kit = self.pupils.chosen is not None and self.pupils.chosen.has(kit)
        fields = {"kit": kit.name, "token": self.tokens.issue(kit.id), "pupil": "1" if pupils_kit else ""}
        return _page("play.html", fields | self.join_fields(request, f"/kits/{_quote(kit.name)}/play"))

    def table_page(self, request: Request, name: str) -> Response:
        """The table on a phone: the person at the kit's matchboxes records a physical game."""
        kit = self.kit(name)
        fields = {"kit": kit.name, "token": self.tokens.issue(table_key(kit))}  # for the table's games only
        return _page("table.html", fields | self.join_fields(request, f"/kits/{_quote(kit.name)}/table"))

    def lesson_page(self, request: Request) -> Response:
        """A lesson's groups side by side: each group's table page as a QR code, and its running score."""
        return _page("lesson.html", {})

    # --- joining from a phone: a page's address as a QR code (tracker.web.join) ---------------------------
    def join_fields(self, request: Request, path: str) -> dict[str, str]:
        """A page's {{join}} (the address a phone opens for it) and {{join_png}} (its QR code's)."""
        return {"join": self.join_address(request, path), "join_png": "/join.png?path=" + _quote(path)}

    def join_address(self, request: Request, path: str) -> str:
        return join_address(
            path, page_root=request.host_url, join_url=self.join_url, network_url=self.network_url
        )

    def join_png(self, request: Request) -> Response:
        """The QR code of the address a phone opens for ?path=, a page of this screen."""
        path = request.args.get("path", "")
        try:
            endpoint, _args = self.routes.bind("screen").match(path, method="GET")
        except HTTPException:
            endpoint = None
        if not path.startswith("/") or endpoint not in (
            self.live_page,
            self.play_page,
            self.pupils_join_page,
            self.table_page,
        ):
            raise BadRequest(_("path must be a page of this screen, e.g. /kits/NAME/play"))
        return Response(qr_png(self.join_address(request, path)), content_type="image/png")

    def static(self, request: Request, file: str) -> Response:
        if file not in STATIC:
            raise NotFound(_("no such file"))
        return Response(_read(file), content_type=STATIC[file])

    # --- the JSON API -----------------------------------------------------------------------------------
    def api_kits(self, request: Request) -> Response:
        return _json(self.with_store(lambda store: store.kits()))

    def api_kit(self, request: Request, name: str) -> Response:
        """The fields of `menace stats --json`, and the boxes as `menace boxes --kit NAME --json`."""

        def read(store: Store) -> dict[str, Any]:
            kit = self.kit(name, store)
            return {**stats_data(store, kit), "boxes": boxes_data(store, kit)}

        return _json(self.with_store(read))

    def api_live(self, request: Request, name: str) -> Response:
        """The live view with the run's status: ?boxes=0 without the wall's boxes, ?since=N with the curves
        from game N on; 304 when the page's ETag is current, gzip when the page takes it."""
        wanted = wire.Wanted.parse(request.args)
        with self.open_store() as store, store.snapshot():
            kit = self.kit(name, store)
            # A run here or `menace play` elsewhere records hundreds of versions a second: the phones share
            # one build each RUN_VIEW_AGE_S (a page asks again when the view it drew is older than the kit).
            live = (
                view.recent_live(store, kit, RUN_VIEW_AGE_S)
                if not wanted.boxes
                else view.live(store, kit, boxes=wanted.boxes)
            )
        run = self.runs.status(kit.id)
        etag = wire.tag(str(self.db_path), kit.id, live["version"], current_language(), wanted, run)
        if wire.matches(request.headers.get("If-None-Match"), etag):
            return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
        encoded = self.encodings.get(etag, {**wire.trimmed(live, wanted), "run": run})
        headers = {"ETag": etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding"}
        body = encoded.body
        if encoded.zipped is not None and wire.takes_gzip(request.headers.get("Accept-Encoding")):
            body, headers["Content-Encoding"] = encoded.zipped, "gzip"
        return Response(body, content_type="application/json", headers=headers)

    def api_version(self, request: Request, name: str) -> Response:
        return _json(self.with_store(lambda store: view.version(store, self.kit(name, store))))

    def api_play(self, request: Request, name: str) -> Response:
        """One change by the pupil or the person at the table: {"action": "new" | "draw" | "move" | "undo" |
        "discard" | "census", "move": code, "colour": NAME, "draw": "physical", "counts": {NAME: beads}}."""
        body = _body(request)
        with self.open_store() as store:
            kit = self.kit(name, store)
            key = self.tokens.spend_for(request.headers.get(TOKEN_HEADER), (kit.id, table_key(kit)))
            if key is None:
                raise Forbidden(_("this page's token is missing, unknown or used: reload the play page"))
            next_token = self.tokens.renew(key)  # a refused move must not strand the page
            action = body.get("action")
            at_table = key != kit.id
            try:
                with self.lock(kit.id), playing(store, kit, wait=1.0):  # never beside a `menace play` window
                    if not on_this_board(store, kit, action, body):
                        with store.snapshot():
                            live = wire.trimmed(view.live(store, kit), wire.Wanted.parse(request.args))
                        stale = _("the board changed: here is the new one")
                        return _json({"error": stale, "token": next_token, "live": live}, 409)
                    answer = self.act(store, kit, action, body, at_table=at_table)
                    view.forget_recent(
                        store, kit
                    )  # the pages' next look shows this change, not a view before it
            except StoreBusy as error:  # another process held the write lock too long: nothing was recorded
                return _json({"error": told(error), "token": next_token}, 503)
            except KitInPlay as error:  # the terminal names the process; the pupil needs only what to do
                return _json({"error": told(error), "token": next_token}, 409)
            except (pupil.BadMove, pupil.Refused, GameError) as error:
                status = 400 if isinstance(error, pupil.BadMove) else 409
                refused: dict[str, Any] = {"error": str(error), "token": next_token}
                if isinstance(error, phone_table.Drift):  # the table's page opens the box's recount
                    refused["recount"] = True
                return _json(refused, status)
            with store.snapshot():
                wanted = wire.Wanted.parse(request.args)  # the play page: ?boxes=0
                # the world the change stepped to: not replayed
                live = view.live(store, kit, answer.world, boxes=wanted.boxes)
            live = wire.trimmed(live, wanted)
            return _json({"said": answer.said, "token": next_token, "live": live})

    def act(
        self, store: Store, kit: KitRecord, action: object, body: dict[str, Any], *, at_table: bool
    ) -> pupil.Answer:
        """The change, by the page whose token it carries: the table on a phone records physical games
        (tracker.web.phone_table), the play page the pupil's games against the digital MENACE
        (tracker.web.pupil); neither plays the other's."""
        if action == "new":
            draw = body.get("draw", "physical" if at_table else "digital")
            if draw not in DRAWS:
                message = _('"draw" is one of {draws}, not {value}')
                raise pupil.BadMove(message.format(draws=", ".join(DRAWS), value=repr(draw)[:40]))
            if (draw == "physical") != at_table:
                page = f"/kits/{_quote(kit.name)}/" + ("table" if draw == "physical" else "play")
                raise pupil.BadMove(
                    _("a game with a {draw} draw is started from its page, {page}").format(
                        draw=_("physical") if draw == "physical" else _("digital"), page=page
                    )
                )
        if at_table:
            if action == "new":
                return phone_table.new_game(store, kit, self.rng)
            if action == "draw":
                return phone_table.draw(store, kit, body.get("colour"), self.rng)
            if action == "move":
                return phone_table.move(store, kit, body.get("move"), self.rng)
            if action == "undo":
                return phone_table.undo(store, kit, self.rng)
            if action == "discard":
                return phone_table.discard(store, kit, self.rng)
            if action == "census":
                return phone_table.census(store, kit, body.get("counts"), self.rng)
        else:
            if action == "new":
                return pupil.new_game(store, kit, self.rng)
            if action == "draw":
                message = _("a bead drawn from a real box is recorded from the table's page, {page}")
                raise pupil.BadMove(message.format(page=f"/kits/{_quote(kit.name)}/table"))
            if action == "move":
                return pupil.move(store, kit, body.get("move"), self.rng)
            if action == "undo":
                return pupil.undo(store, kit, self.rng)
            if action == "discard":
                return pupil.discard(store, kit, self.rng)
        message = _("unknown action {action}: one of {actions}")
        actions = ", ".join(TABLE_ACTIONS if at_table else ACTIONS)
        raise pupil.BadMove(message.format(action=repr(action), actions=actions))

    def api_held(self, request: Request, name: str) -> Response:
        """Whether another program holds the kit's play lock now (a `menace play` window, a run): the table
        page says so rather than offering taps that would be refused."""
        kit = self.kit(name)
        if self.lock(kit.id).locked():  # this server is recording a change: not another program
            return _json({"held": False})
        with self.open_store() as store:
            holder = held_by(store, kit)
        return _json({"held": holder is not None})

    def api_lesson(self, request: Request) -> Response:
        """The lesson's group kits (group-1, group-2, ..., or the class's one, class) with their running
        scores and the addresses of their table pages, for the class page; ?kits=NAME chooses others."""
        names = request.args.getlist("kits")
        if len(names) > MOST_GROUPS:
            raise BadRequest(_("choose at most {most} kits for the lesson's page").format(most=MOST_GROUPS))

        def read(store: Store) -> dict[str, Any]:
            chosen = names or lesson_kits([row["name"] for row in store.kits()])
            groups = []
            for kit_name in chosen[:MOST_GROUPS]:
                kit = self.kit(kit_name, store)
                path = f"/kits/{_quote(kit.name)}/table"
                groups.append({**view.curve(store, kit), "table": self.join_fields(request, path)})
            return {"kits": groups}

        return _json(self.with_store(read))

    # --- the wall of every box ----------------------------------------------------------------------------
    def wall_page(self, request: Request, name: str) -> Response:
        return _page("wall.html", {"kit": self.kit(name).name})

    # --- runs: the screen plays MENACE against a computer player by itself (tracker.web.runs) ------------
    def api_run_status(self, request: Request, name: str) -> Response:
        kit = self.kit(name)
        return _json({"run": self.runs.status(kit.id)})

    def api_run(self, request: Request, name: str) -> Response:
        """A run's change: {"action": "start", "opponent": KIND, "games": N, "speed": MOVES_A_SECOND},
        {"action": "pause" | "resume" | "stop"}, or {"action": "speed", "speed": MOVES_A_SECOND}; a speed of 0
        is as fast as the store takes."""
        body = _body(request)
        kit = self.kit(name)
        if not self.tokens.spend(request.headers.get(TOKEN_HEADER), kit.id):
            raise Forbidden(_("this page's token is missing, unknown or used: reload the page"))
        next_token = self.tokens.renew(kit.id)
        action = body.get("action")
        try:
            if action == "start":
                self.runs.start(kit.id, kit.name, body.get("opponent"), body.get("games"), body.get("speed"))
            elif action == "finish":  # the game a stopped run left, played out by a run of one game
                self.runs.start(kit.id, kit.name, str(self.left_game(kit).opponent), 1, FASTEST)
            elif action in RUN_CHANGES:
                self.runs.change(kit.id, action, body.get("speed"))
            else:
                message = _("unknown action {action}: one of {actions}")
                actions = ", ".join(("start", "finish", *RUN_CHANGES))
                raise RunRefused(message.format(action=repr(action), actions=actions), bad=True)
        except (RunRefused, KitInPlay, StoreBusy) as error:
            status = 400 if isinstance(error, RunRefused) and error.bad else 409
            status = 503 if isinstance(error, StoreBusy) else status
            return _json({"error": told(error), "token": next_token}, status)
        return _json({"run": self.runs.status(kit.id), "token": next_token})

    def left_game(self, kit: KitRecord) -> Session:
        """The game in progress a run can finish (RunRefused: none, or one a person plays)."""
        with self.open_store() as store:
            session = store.world(kit).session
        if session is None:
            raise RunRefused(_("no game is in progress: start a new game"))
        if not view.left_by_a_run(session):
            raise RunRefused(_("a run plays a computer player: a person plays on the play page"))
        return session

    # --- where a typical MENACE would be (tracker.web.typical) ------------------------------------------
    def api_typical(self, request: Request, name: str) -> Response:
        """The band of simulated MENACEs' running scores for the kit's opponents so far; answered at once,
        "working" until the simulation is done."""

        def read(store: Store) -> dict[str, Any]:
            kit = self.kit(name, store)
            return self.typical.band(kit, store.opponents(kit))

        return _json(self.with_store(read))

    def api_stand_in(self, request: Request, name: str) -> Response:
        """Who the band's simulation seats where the kit played people: {"opponent": "novice:0.3"}."""
        body = _body(request)
        kit = self.kit(name)
        if not self.tokens.spend(request.headers.get(TOKEN_HEADER), kit.id):
            raise Forbidden(_("this page's token is missing, unknown or used: reload the page"))
        next_token = self.tokens.renew(kit.id)
        try:
            stand_in = self.typical.change_stand_in(kit, body.get("opponent"))
        except GameError as error:
            return _json({"error": str(error), "token": next_token}, 400)
        return _json({"stand_in": stand_in, "token": next_token})

    # --- a box's story, for a box opened from the wall (tracker.web.story) --------------------------------
    def api_story(self, request: Request, name: str, box: int) -> Response:
        def read(store: Store) -> dict[str, Any]:
            try:
                return story.story(store, self.kit(name, store), box)
            except story.NoSuchBox as error:
                raise NotFound(str(error)) from None

        return _json(self.with_store(read))

    # --- the projector view's banners and curve marks (tracker.web.screen) ----------------------------------
    def api_screen(self, request: Request, name: str) -> Response:
        return _json(self.with_store(lambda store: screen.screen(store, self.kit(name, store))))

    # --- several classes side by side ----------------------------------------------------------------------
    def classes_page(self, request: Request) -> Response:
        return _page("classes.html", {})

    def api_curves(self, request: Request) -> Response:
        """Each chosen kit's running score (?kits=NAME, repeated; the first MAX_CURVES kits without one), in
        the order asked."""
        names = request.args.getlist("kits")
        if len(names) > MAX_CURVES:
            raise BadRequest(_("choose at most {most} kits to draw on one chart").format(most=MAX_CURVES))

        def read(store: Store) -> dict[str, Any]:
            chosen = names or [row["name"] for row in store.kits()]
            kits = [self.kit(kit_name, store) for kit_name in chosen]
            return {"kits": [view.curve(store, kit) for kit in kits[:MAX_CURVES]]}

        return _json(self.with_store(read))

    # --- a MENACE for every pupil (tracker.web.pupils) ----------------------------------------------------
    def pupils_page(self, request: Request) -> Response:
        """The class on the big screen: the code phones join by, and every pupil's curve with the band."""
        return _page("pupils.html", self.join_fields(request, "/pupils/join"))

    def pupils_join_page(self, request: Request) -> Response:
        """A phone joins the class: a phone that has its MENACE already goes on to play it."""
        with self.open_store() as store:
            mine = self.pupils.mine(store, request.cookies.get(pupils.COOKIE))
            if mine is not None:
                return Response(status=303, headers={"Location": f"/kits/{_quote(mine.name)}/play"})
            chosen = self.pupils.chosen
            suggested = self.pupils.suggested(store) if chosen else ""
            fields = {
                "token": self.tokens.issue(PUPILS_KEY),
                "game": chosen.title if chosen else "",
                "prefix": pupils.PREFIX,
                "suggested": suggested.removeprefix(pupils.PREFIX),
            }
        return _page("pupils-join.html", fields)

    def api_pupils(self, request: Request) -> Response:
        """The class: its game, the address phones join at, each pupil's kit's running score, and the band
        of simulated MENACEs against a stand-in for people."""

        def read(store: Store) -> dict[str, Any]:
            try:
                the_class = self.pupils.the_class
            except pupils.NoClass as error:
                return {"class": None, "error": str(error)}
            kits = [store.kit_by_id(row["id"]) for row in self.pupils.members(store)]
            curves = [view.curve(store, kit) for kit in kits]
            longest = max((len(c["curve"]) for c in curves), default=0)
            band = self.typical.band(kits[0], [HUMAN] * longest) if kits else {"state": "none"}
            catalogue = the_class.design.catalogue
            return {
                "class": {
                    "game": catalogue.game.name,
                    "title": the_class.title,
                    "menace_plays": catalogue.menace_plays,
                    "rules": catalogue.rules.name,
                },
                "join": self.join_address(request, "/pupils/join"),
                "kits": curves,
                "band": band,
            }

        return _json(self.with_store(read))

    def api_pupils_join(self, request: Request) -> Response:
        """A phone's MENACE: {"name": a nickname, or "" for a number}; a phone that has one gets it again."""
        body = _body(request)
        if not self.tokens.spend(request.headers.get(TOKEN_HEADER), PUPILS_KEY):
            raise Forbidden(_("this page's token is missing, unknown or used: reload the page"))
        next_token = self.tokens.renew(PUPILS_KEY)
        with self.open_store() as store:
            kit = self.pupils.mine(store, request.cookies.get(pupils.COOKIE))
            again = kit is not None
            if kit is None:
                try:
                    kit = self.pupils.join(store, body.get("name"))
                except MenaceError as error:
                    status = 404 if isinstance(error, pupils.NoClass) else 400
                    return _json({"error": str(error), "token": next_token}, status)
        answer = _json(
            {"kit": kit.name, "play": f"/kits/{_quote(kit.name)}/play", "again": again, "token": next_token}
        )
        answer.set_cookie(
            pupils.COOKIE, kit.id, max_age=pupils.COOKIE_AGE, path="/", httponly=True, samesite="Lax"
        )
        return answer

    # --- the store --------------------------------------------------------------------------------------
    def open_store(self) -> _OpenStore:
        return _OpenStore(self.db_path)

    def with_store(self, read: Callable[[Store], Any]) -> Any:
        """``read``'s answer from one snapshot of the store (not half of a game another process records)."""
        with self.open_store() as store, store.snapshot():
            return read(store)

    def kit(self, name: str, store: Store | None = None) -> KitRecord:
        """The kit called ``name``; 404 if the store has none (its message names the store's kits)."""
        if store is None:
            with self.open_store() as opened:
                return self.kit(name, opened)
        try:
            return store.kit(name)
        except MenaceError as error:
            raise NotFound(str(error)) from None

    def lock(self, kit_id: str) -> threading.Lock:
        """One change at a time per kit in this server (other processes are kept out by the store)."""
        with self._locks_lock:
            return self._locks.setdefault(kit_id, threading.Lock())


LESSON_KIT = re.compile(r"group-(\d+)|class")  # the names `menace lesson --groups N` gives its kits


def table_key(kit: KitRecord) -> str:
    """What the table page's tokens are issued for: its changes are the table's, not the play page's."""
    return f"{kit.id}/table"


def lesson_kits(names: list[str]) -> list[str]:
    """The store's kits a lesson made, in group order: group-1, group-2, ..., then class."""
    found = [(int(m[1]) if m[1] else 10**9, name) for name in names if (m := LESSON_KIT.fullmatch(name))]
    return [name for _number, name in sorted(found)]


def on_this_board(store: Store, kit: KitRecord, action: object, body: dict[str, Any]) -> bool:
    """Whether the change was made on the kit as it is now: the body's "version" is the one /live gave with
    the board the page drew (the id of the kit's last event). A move or a recount must say it; new, undo and
    discard may.
    Two pages sending a move on the same board: the first is played, the second is stale."""
    if "version" not in body:
        if action in ("move", "census"):  # a move, or a recount of the box open on the board the page drew
            message = _('a move must say which board it was made on: send the "version" /live gave')
            raise pupil.BadMove(message)
        return True
    made_on = body["version"]
    if made_on is not None and not isinstance(made_on, str):
        message = _('"version" is the text /live gave with the board, not {value}')
        raise pupil.BadMove(message.format(value=repr(made_on)[:40]))
    return made_on == store.head(kit.id)


class _OpenStore:
    """A store opened for one request (SQLite connections stay in the thread that made them), closed after.
    A store that cannot be opened is a 503 that does not name its path."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.store: Store | None = None

    def __enter__(self) -> Store:
        try:
            self.store = Store(self.path)
        except MenaceError:
            raise ServiceUnavailable(
                _("the kit's store cannot be opened: see the terminal running `menace serve`")
            ) from None
        return self.store

    def __exit__(self, *exc: object) -> None:
        if self.store is not None:
            self.store.close()


def _body(request: Request) -> dict[str, Any]:
    if request.mimetype != "application/json":
        raise BadRequest(_("send JSON (Content-Type: application/json)"))
    raw = request.get_data(cache=False)
    if _nesting(raw) > MAX_DEPTH:  # Python's parser would recurse once a level (1,100 deep was a 500)
        message = _("the body is nested more than {most} deep: no change to a kit is")
        raise BadRequest(message.format(most=MAX_DEPTH))
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest(_("the body is not JSON")) from None
    if not isinstance(body, dict):
        raise BadRequest(_("the body is not a JSON object"))
    return body


def _nesting(raw: bytes) -> int:
    """How deep the arrays and objects of a JSON text go (brackets inside strings do not count)."""
    text = STRING.sub(b'""', raw)
    depth = deepest = 0
    for byte in text:
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest


def _json(data: Any, status: int = 200) -> Response:
    return Response(json.dumps(data), status=status, content_type="application/json")


def _described(error: HTTPException) -> str:
    """What went wrong, in the server's language: our own message as raised, Werkzeug's by its status."""
    if isinstance(error, SecurityError):  # a Host header not on the list (DNS rebinding)
        return _("this server does not answer to that host name")
    if error.description and error.description != type(error).description:
        return str(error.description)
    own = {
        400: _("the request is not one this server understands"),
        404: _("no such page"),
        405: _("this address does not take that kind of request"),
        413: _("the request is too large"),
    }
    standard: str = error.name  # typed here: without the web extra installed, mypy knows no Werkzeug types
    return own.get(error.code or 500, standard)


def _error(status: int, message: str, *, api: bool) -> Response:
    if api:
        return _json({"error": message}, status)
    return Response(f"{status}: {message}\n", status=status, content_type="text/plain; charset=utf-8")


def _read(name: str) -> bytes:
    return resources.files("tracker.web").joinpath("static", name).read_bytes()


def _page(name: str, fields: dict[str, str]) -> Response:
    """A page in the server's language with its fields filled in, in one pass and HTML-escaped (a kit's name
    is the only text from outside): {{w:KEY}} is one of its words, {{words}} all of them as JSON for its
    scripts, {{lang}} the language."""
    words = page_words()
    values = {f"w:{key}": value for key, value in words.items() if isinstance(value, str)}
    values.update(fields, lang=current_language())

    def fill(match: re.Match[str]) -> str:
        if match[1] == "words":
            return words_json(words)  # escaped for a <script> element there
        return html.escape(values[match[1]], quote=True)

    text = PLACEHOLDER.sub(fill, _read(name).decode())
    return Response(text, content_type="text/html; charset=utf-8")


def _quote(name: str) -> str:
    return quote(name, safe="")
