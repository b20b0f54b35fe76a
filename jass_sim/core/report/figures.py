"""Figure helpers shared by the reports: a matplotlib Figure with no pyplot, PNG bytes, error bars."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd

#: Resolution of every report figure.
DPI = 110


def png_bytes(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def new_figure(w, h):
    from matplotlib.figure import Figure

    return Figure(figsize=(w, h), layout="constrained")


def error_bars(df: pd.DataFrame, mean="mean", lo="ci95_lo", hi="ci95_hi") -> np.ndarray:
    m = df[mean].to_numpy(dtype=float)
    return np.clip(np.nan_to_num(np.vstack([m - df[lo].to_numpy(dtype=float), df[hi].to_numpy(dtype=float) - m])),
                   0, None)
