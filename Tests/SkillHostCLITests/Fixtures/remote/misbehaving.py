# An endpoint that answers every way a skill's server can go wrong, one per path, for the
# remote-skill tests (standard library only). PORT names the loopback port.
import json
import os
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def envelope(text):
    return json.dumps({"version": "1.0", "response": {
        "outputSpeech": {"type": "PlainText", "text": text}, "shouldEndSession": False}}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        path = self.path.rstrip("/")
        if path == "/ok":
            kind = request.get("request", {}).get("type", "?")
            self.send(200, "application/json", envelope("fine, a " + kind))
        elif path == "/error":
            self.send(500, "text/html", b"<html><head><title>500 Internal Server Error</title></head>"
                      b"<body><h1>Internal Server Error</h1><p>The server broke.</p></body></html>")
        elif path == "/html":
            self.send(200, "text/html; charset=utf-8", b"<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>")
        elif path == "/slow":
            time.sleep(float(os.environ.get("SLOW_SECONDS", "3")))
            self.send(200, "application/json", envelope("too late"))
        elif path == "/huge":
            speech = "la " * (700 * 1024)
            self.send(200, "application/json", envelope(speech))
        elif path == "/not-envelope":
            self.send(200, "application/json", b'{"hello": "world"}')
        elif path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "500")
            self.end_headers()
            self.wfile.write(b'{"version": "1.0", "respo')
            self.wfile.flush()
            self.close_connection = True
        else:
            self.send(404, "text/plain", b"no such skill here")


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(os.environ["PORT"])), Handler)
    server.daemon_threads = True
    server.serve_forever()
