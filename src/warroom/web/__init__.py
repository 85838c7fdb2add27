"""The browser front end: ``warroom serve`` (FastAPI on uvicorn), games kept in SQLite, the pages.

``app.py`` builds the application; ``api.py`` the JSON API of games (each side's view through its own secret
token, never the state); ``store.py`` the games' SQLite file; ``pages.py`` the pages and their static assets;
``maps.py`` each game's public map as JSON, for the pages to draw.
"""
