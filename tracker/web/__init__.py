"""The classroom screen: `menace serve`'s web pages and JSON API (needs the web extra: Werkzeug)."""
