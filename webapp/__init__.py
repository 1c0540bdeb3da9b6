"""The local web app of `drez serve`: a page to play Solodrez with hints, and a JSON API."""
