"""An offline, deterministic data analyst: questions about DataFrames answered with real pandas code.

Three layers, each its own module: ``understand`` turns the question and the
frames' schemas into a typed operation (``spec.Spec``); ``codegen`` writes the
pandas code a person would write for it; ``execute`` runs exactly that code on
the frames. ``narrate`` states the result in a sentence with its numbers. No model
is involved, so the same question always gets the same answer.

>>> import pandas as pd
>>> from notebook_router.analyst import analyse
>>> df = pd.DataFrame({"age": [22, 38, 70, 65], "fare": [7.25, 71.3, 8.05, 30.0]})
>>> analyse("average fare of passengers older than 60", {"df": df}).text
'The mean of fare (rows where age > 60) is 19.02.'
"""

from __future__ import annotations

from notebook_router.analyst.answer import analyse
from notebook_router.analyst.result import Analysis

__all__ = ["Analysis", "analyse"]
