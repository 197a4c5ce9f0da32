"""`memeval view`: a local, read-only viewer of one run in the browser (127.0.0.1 only).

Usage::

    from memeval.viewer import start_viewer

    with start_viewer(Path("runs/01M8..."), port=0) as v:
        print(v.url)  # http://127.0.0.1:PORT/
        v.wait()
"""

from memeval.viewer._app import create_viewer_app
from memeval.viewer._data import MAX_TEXT, ArtifactText, TrialView, read_artifact, trial_view
from memeval.viewer._server import RunningViewer, start_viewer

__all__ = [
    "ArtifactText",
    "MAX_TEXT",
    "RunningViewer",
    "TrialView",
    "create_viewer_app",
    "read_artifact",
    "start_viewer",
    "trial_view",
]
