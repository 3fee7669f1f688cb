"""The Panel dashboard and the static publisher: one data store per study, views drawn from it.

The stores (``Study``, ``ABStudy``, ``GameTable``) hold inputs and results as ``param``
values and run without a browser; ``build_app`` draws views from them and ``publish_site``
writes a folder of HTML that opens from disk with no server and no network.
"""

from .setup import MAX_UPLOAD_BYTES, SetupError, StudySetup, load_setup, parse_upload
from .store import ABStudy, Study, summary_tables
from .table import GameTable

__all__ = [
    "MAX_UPLOAD_BYTES",
    "ABStudy",
    "GameTable",
    "SetupError",
    "Study",
    "StudySetup",
    "load_setup",
    "parse_upload",
    "summary_tables",
]
