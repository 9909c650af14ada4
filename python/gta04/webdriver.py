"""
Debian's headless Chromium driven through chromedriver's W3C WebDriver
protocol (JSON over HTTP, stdlib only): load a page, run a script in it,
move the mouse, turn the wheel, take a screenshot.  For the tests that look
at a page as a person would (test_irq_timeline_page.py).
"""

import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from types import TracebackType
from typing import Any, Dict, List, Optional, Tuple, Type


# the key W3C WebDriver names an element reference by
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class WebDriverError(Exception):
    """chromedriver refused a command, or did not start."""


def browser_missing() -> Optional[str]:
    """Why Chromium cannot be driven here (None if it can)."""
    for tool, package in (("chromium", "chromium"), ("chromedriver", "chromium-driver")):
        if not shutil.which(tool):
            return "no %s (Debian's %s; scripts/host-packages group browser)" % (tool, package)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Browser:
    """One headless Chromium session; use as a context manager."""

    def __init__(self, width: int = 1400, height: int = 1100, timeout: float = 30.0):
        self.tmp = tempfile.mkdtemp(prefix="gta04-chromium-")
        self.port = _free_port()
        self.timeout = timeout
        self.proc = subprocess.Popen(
            ["chromedriver", "--port=%d" % self.port, "--log-path=" + os.path.join(self.tmp, "driver.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.session = ""
        try:
            self._wait_ready()
            args = ["--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-extensions", "--disable-sync",
                    "--window-size=%d,%d" % (width, height),
                    "--user-data-dir=" + os.path.join(self.tmp, "profile")]
            if os.geteuid() == 0:
                args.append("--no-sandbox")     # Chromium's sandbox refuses root
            caps = {"browserName": "chrome",
                    "goog:chromeOptions": {"binary": shutil.which("chromium"), "args": args}}
            value = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
            self.session = value["sessionId"]
        except BaseException:
            self.close()
            raise

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise WebDriverError("chromedriver exited with %d" % self.proc.returncode)
            try:
                if self._call("GET", "/status").get("ready"):
                    return
            except (OSError, WebDriverError):
                pass
            time.sleep(0.1)
        raise WebDriverError("chromedriver not ready in %.0f s" % self.timeout)

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        req = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data,
                                     method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return json.load(resp)["value"]
        except urllib.error.HTTPError as ex:
            raise WebDriverError("%s %s: %s" % (method, path, ex.read().decode(errors="replace")[:500])) \
                from ex

    def _session(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        return self._call(method, "/session/%s%s" % (self.session, path), body)

    def open(self, url: str) -> None:
        """Load url and wait for its load event."""
        self._session("POST", "/url", {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        """The value of a function body run in the page (arguments[i])."""
        return self._session("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find_all(self, css: str) -> List[Dict[str, str]]:
        """References of the elements a CSS selector matches."""
        found: List[Dict[str, str]] = self._session("POST", "/elements",
                                                    {"using": "css selector", "value": css})
        return found

    def click(self, element: Dict[str, str]) -> None:
        """Click the element, as the mouse does."""
        self._session("POST", "/element/%s/click" % element[ELEMENT])

    def hover(self, element: Dict[str, str]) -> None:
        """Move the mouse to the element's centre."""
        self.centre(element)
        self._pointer([{"type": "pointerMove", "duration": 0, "origin": element, "x": 0, "y": 0}])

    def drag(self, element: Dict[str, str], pixels: int) -> None:
        """Press the left button on the element, move that many pixels
        right (left if negative), release."""
        self.centre(element)
        self._pointer([{"type": "pointerMove", "duration": 0, "origin": element, "x": 0, "y": 0},
                       {"type": "pointerDown", "button": 0},
                       {"type": "pointerMove", "duration": 100, "origin": "pointer", "x": pixels, "y": 0},
                       {"type": "pointerUp", "button": 0}])

    def centre(self, element: Dict[str, str]) -> Tuple[int, int]:
        """The element's centre in the viewport, scrolled into it."""
        x, y = self.run("arguments[0].scrollIntoView({block: 'nearest'});"
                        "const r = arguments[0].getBoundingClientRect();"
                        "return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];",
                        element)
        return x, y

    def wheel(self, element: Dict[str, str], delta_y: int, turns: int = 1) -> None:
        """Turn the wheel `turns` times where the element's centre is now
        (a page that redraws on the wheel replaces the element)."""
        x, y = self.centre(element)
        scroll = {"type": "scroll", "duration": 0, "origin": "viewport", "x": x, "y": y,
                  "deltaX": 0, "deltaY": delta_y}
        self._session("POST", "/actions", {"actions": [
            {"type": "wheel", "id": "wheel", "actions": [scroll] * turns}]})

    def _pointer(self, actions: List[Dict[str, Any]]) -> None:
        self._session("POST", "/actions", {"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
             "actions": actions}]})

    def screenshot(self, path: str) -> None:
        """The viewport as a PNG file."""
        with open(path, "wb") as fh:
            fh.write(base64.b64decode(self._session("GET", "/screenshot")))

    def close(self) -> None:
        """End the session and chromedriver (and so Chromium)."""
        if self.session:
            try:
                self._session("DELETE", "")
            except (OSError, WebDriverError):
                pass
            self.session = ""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()
