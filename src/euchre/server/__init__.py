"""The game server: lobby, tables, clocks, bots at tables, over HTTP and websockets.

``euchre serve`` runs it; :func:`euchre.server.app.create_app` builds the ASGI app.
This package's modules import FastAPI and the database drivers, so the command line
imports them only when a server command runs.
"""
